import type {
  HookEvent,
  HookType,
  RuleCondition as RuleConditionSchema,
  RuleHookConfig,
  StepRule,
  StopCondition,
  ToolChoice,
  ToolType,
} from '../schemas/index.js';

/** What the loop needs to know about a tool; executors' secrets stay in the stored snapshot. */
export interface PlannedTool {
  id: string;
  /** The resolved name the model sees. */
  name: string;
  type: ToolType;
  readOnly: boolean;
  /** false for an http tool without `execute` (the "done tool" pattern). */
  hasExecutor: boolean;
  timeoutSeconds: number;
  /** Offered on every step regardless of activeToolIds (builtins such as agent_clarify). */
  alwaysOffered?: boolean;
  /** platform tools: the registry action this name runs. */
  action?: string;
  /** MCP tools that are destructive per the spec's hints (unless readOnlyHint true or destructiveHint false). */
  destructive?: boolean;
  /** Every call waits for a human approval (builtins such as database_write, unless configured otherwise). */
  requiresApproval?: boolean;
  /** The tool's delivery is `at_most_once` (docs/adr/0008); set on forks' plans and discovered MCP tools. */
  atMostOnce?: boolean;
}

export type RuleCondition = RuleConditionSchema;

/** What an approval hook's deadline does (docs/approvals.md). */
export interface ApprovalDeadlinePlan {
  onExpiry: 'deny' | 'approve' | 'escalate';
  /** What the model sees when the deadline denies. */
  expiryReason?: string;
  /** Seconds before each deadline to send `approval.reminder`. */
  remindBeforeSeconds?: number;
  escalation?: { expiresAfterSeconds: number; onExpiry: 'deny' | 'approve'; expiryReason?: string };
}

/** A hook as the loop needs it; http hooks' URL and secrets stay in the stored snapshot. */
export interface PlannedHook {
  id: string;
  event: HookEvent;
  type: HookType;
  matcher: string | null;
  rule?: RuleHookConfig;
  /** approval hooks: how long a decision may take. */
  approvalTimeoutSeconds?: number;
  /** approval hooks that set deadline behaviour (absent: the deadline expires the call, as always). */
  approvalDeadline?: ApprovalDeadlinePlan;
  /** http hooks: request timeout. */
  timeoutSeconds?: number;
}

/** The loop configuration captured at start (request overrides already merged over the agent). */
export interface LoopPlan {
  tools: PlannedTool[];
  toolChoice: ToolChoice;
  /** null = every tool of the agent is active. */
  activeToolIds: string[] | null;
  stepRules: StepRule[];
  stopConditions: StopCondition[];
  maxSteps: number;
  modelRetry: { maximumAttempts: number; startToCloseSeconds: number };
  hooks: PlannedHook[];
  /** Default approval timeout (agent's approvalTimeoutSeconds). */
  approvalTimeoutSeconds: number;
  /** Guardrail requireToolFor matched the prompt: the model must call a tool before answering. */
  requireToolUse: boolean;
  /** The final text must be reviewed (PreResponse hooks or blockPatterns). */
  reviewFinalText: boolean;
  /** Set when the generation has webhook targets (callbackUrl or agent subscriptions). */
  webhooks?: { maxAttempts: number };
  /** Agent option requireApprovalFor "destructive": destructive MCP tools need a human approval. */
  approveDestructive?: boolean;
  /**
   * How many more levels of nested generations this one may start (agent tools, platform
   * create-agent-generation): a child gets one less; at 0 a call is an error result. Absent on
   * generations started before nesting existed (treated as the default, 10).
   */
  remainingDepth?: number;
  /**
   * Tool calls run as regular activities on this task queue, served by tool workers (`npm run
   * worker:tools`, TEMPORAL_TOOL_TASK_QUEUE); absent, they are local activities of the workflow's
   * own worker, and an http tool may run inside the model call.
   */
  toolTaskQueue?: string;
  /**
   * A fork (docs/fork.md): the conversation up to `fromStep` was copied from the origin, so the
   * loop starts at step `fromStep + 1`; `toolsUsed` are the tools the replayed steps called;
   * `initialMessages` how many of its messages came before step 1 (a fork of the fork needs it).
   */
  fork?: { fromStep: number; toolsUsed: string[]; initialMessages: number };
}

/** The generation workflow's only argument. */
export interface GenerationInput {
  generationId: string;
  projectId: string;
  agentId: string;
  traceId: string;
  plan: LoopPlan;
  /** The next free message sequence number (the API stored the initial messages before it). */
  firstMessageSeq: number;
  /** Set on child generations: the parent workflow is told when this one pauses and resumes. */
  parent?: { generationId: string; toolCallId: string };
}
