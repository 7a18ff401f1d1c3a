// Moved to domain/ so the scheduled-run activity creates generations the same way the API does.
export * from '../../domain/generations/agent-configuration.js';
