// A client built on the TypeScript MCP SDK, to check that Cairn's MCP
// server speaks the protocol other implementations speak.
//
//   node client.mjs stdio COMMAND [ARGS...]
//   node client.mjs http URL
//
// It lists the tools, makes a few calls and prints what it got as JSON.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [mode, target, ...rest] = process.argv.slice(2);
const transport = mode === "stdio"
  ? new StdioClientTransport({ command: target, args: rest, env: { ...process.env } })
  : new StreamableHTTPClientTransport(new URL(target));
const client = new Client({ name: "cairn-interop", version: "1.0.0" });
await client.connect(transport);
const { tools } = await client.listTools();
const out = {
  tools: tools.map((t) => ({ name: t.name, type: t.inputSchema.type })),
  add: await client.callTool({ name: "add", arguments: { a: 1.5, b: 2 } }),
  bad: await client.callTool({ name: "add", arguments: { a: "x", b: 2 } }),
  fail: await client.callTool({ name: "fail", arguments: {} }),
  count: await client.callTool({ name: "count", arguments: {} }),
};
console.log(JSON.stringify(out));
await client.close();
