// Workflow entry point for the worker's bundle: export every workflow function here.
export { generationWorkflow } from './generation.js';
export { webhookDeliveryWorkflow } from './webhook-delivery.js';
export { documentIngestionWorkflow } from './document-ingestion.js';
export { scheduledRunWorkflow } from './scheduled-run.js';
