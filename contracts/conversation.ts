/** A stored conversation message: the OpenAI chat message plus our own bookkeeping. */
export interface StoredMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
  /** Tool results only. */
  status?: string;
  /** Assistant messages: why the model stopped ("length" = cut off, continued in the next one). */
  finishReason?: string;
  /** Assistant messages: the tokens of the call that produced it (a re-run returns them). */
  usage?: { promptTokens: number; completionTokens: number };
}
