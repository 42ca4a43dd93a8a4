// Package llm is Cairn's model layer: the Model interface, providers and
// Decide, which turns a model reply into a validated typed value or falls
// back to a deterministic Go policy.
//
// # Models and spec strings
//
// A Model is one chat endpoint. Providers: Ollama (native POST /api/chat,
// with tools, format = JSON Schema, think, keep_alive, streaming), OpenAI
// (any OpenAI-compatible POST {base}/chat/completions, with tools and
// response_format json_schema), Replay (answers from a JSONL file of
// Records, which a Recording writes during a real run) and Scripted (an
// in-memory list of replies for tests and benchmarks).
//
// Config.Model opens a model from a spec string; the provider is split off
// at the first colon only, so Ollama tags survive:
//
//	ollama:gemma3:27b     Ollama at OLLAMA_HOST (default http://127.0.0.1:11434),
//	                      streamed, keep_alive from OLLAMA_KEEP_ALIVE
//	openai:gpt-4.1-mini   OPENAI_BASE_URL (default https://api.openai.com/v1), OPENAI_API_KEY
//	replay:run.jsonl      recorded replies
//	none                  no model (nil): policies decide
//
// Config.Roles parses per-role specs, ROLE=SPEC entries separated by commas;
// an entry without ROLE= (or default=) is what Roles.For returns for roles
// not named:
//
//	orchestrator=ollama:gemma3:27b,worker=ollama:gemma3:4b,default=none
//
// # Embeddings
//
// An Embedder turns texts into vectors; *Ollama (POST /api/embed, with
// keep_alive) and *OpenAI (POST {base}/embeddings) are both, so the model a
// spec opens can also embed. Config.Embedder opens one from the same spec
// strings, ollama:NAME or openai:NAME (replay cannot embed). Embed calls an
// Embedder and emits one event.Usage (prompt tokens only), so a Counter
// counts embedding calls as model calls. A reply without exactly one
// non-empty vector per text, all of one length, is ErrBadReply.
//
// Transport failures wrap ErrUnreachable, ErrTimeout, ErrBadReply or carry a
// *StatusError with the server's message.
//
// # Decide
//
// Decide[T] derives a JSON Schema from T once per type (github.com/google/
// jsonschema-go: exported fields, json names, `jsonschema:"description"`
// tags; omitempty fields are optional, others required; no unknown
// properties; descriptions must not start with "WORD="), and asks the model
// with it as the structured-output format and in the system prompt.
//
// Enums: a named string type implementing Enumer (Enum() []string) is
// restricted to those values wherever it appears; a string or []string
// field tagged `enum:"a,b,c"` to the tag's values; Prompt.Enums restricts
// fields by JSON path to values known only at run time. An unknown value is
// a validation error, repaired like any other.
//
// The reply may be bare JSON, fenced in ```json, or surrounded by text;
// <think> blocks and the provider's thinking field are ignored. It must
// match the schema and then pass T's Validate method, if any. A failing
// reply is sent back with the error at most Prompt.MaxRepairs times
// (zero: none). When the model is nil, times out (Prompt.Timeout or the
// context's deadline), fails in transport or never answers validly, the
// policy decides and Decision.Fallback says why, starting with one of
// "no model configured", "model timeout", "model unreachable", "model HTTP
// <code>", "model error" (another transport failure), "invalid model output
// after N attempts" or "no schema" (T has no usable JSON Schema, a
// programming error); Counter groups fallbacks by these. Only a cancelled
// context or a failing policy makes Decide return an error.
//
// Reasoning comes from T's Reason method, else from a top-level "reasoning"
// string in the reply (accepted even when T has no such field).
//
// Decide emits one event.Usage per model call (through Chat, which direct
// model users should call too) and one event.Decision; a Counter installed
// as an event sink tallies them per run.
package llm
