// Package mcp connects Cairn's tools to the Model Context Protocol: a
// Client turns any MCP server (a command over stdio, or a URL over
// streamable HTTP) into tool.Tool values, and a Server exposes a
// tool.Registry to any MCP host. It is built on the official Go SDK
// (github.com/modelcontextprotocol/go-sdk) and tested against the
// TypeScript SDK's client and reference server as well as its own.
//
//	c, err := mcp.Connect(ctx, "npx -y @modelcontextprotocol/server-google-maps", nil)
//	reg, err := c.Registry(ctx) // the server's tools, ready for middleware
//
//	srv, err := mcp.NewServer(reg, nil)
//	err = srv.ServeStdio(ctx) // or srv.ServeListener(ctx, ln) for HTTP
//
// Rough edges, said plainly:
//
//   - A call in flight when the server dies fails with tool.ErrTransient and
//     is not re-sent by the Client: the tool may have acted. Wrap idempotent
//     tools in tool.Retry. A request that provably never reached the server
//     (closed session, refused connection, unknown HTTP session) is re-sent
//     once on a fresh session.
//   - Error kinds cross the wire as text: a Cairn server writes "bad tool
//     arguments: ..." or "transient tool failure: ..." in its isError
//     results and a Cairn client reads them back; other servers' errors are
//     permanent, except the TypeScript SDK's invalid-params errors, which
//     are bad arguments.
//   - The HTTP server is stateless (every request stands alone): it serves
//     tools, not server-to-client requests such as sampling or elicitation.
//   - The SDK's JSON decoding allocates a fresh 32 KiB buffer for every
//     Unmarshal (about 110 KB per call on the client), which, with the
//     goroutine hand-offs on both sides, bounds sequential stdio calls to a
//     few thousand per second (see BenchmarkStdioCall and geo/mapstool's
//     BenchmarkMCPStdio). A command server is therefore reached through our
//     own line transport, which decodes each line once in the reading
//     goroutine instead of the SDK's twice behind a channel; batches from
//     the server are read, but answered one message at a time.
//   - The SDK ends a session on the first message it cannot decode, so a
//     Server checks each line (stdio) or body (HTTP) first and answers a bad
//     one itself with a JSON-RPC error (-32700 not JSON, -32600 not a
//     JSON-RPC 2.0 message, nested past 256 levels, over 4 MiB, a batch in
//     a protocol version without batches); the session goes on. A batch
//     with one bad message is refused whole, each request in it answered.
//   - A tool implementing TextResulter gets one text item per result, with
//     no structuredContent copy (the maps tools, as upstream does).
package mcp
