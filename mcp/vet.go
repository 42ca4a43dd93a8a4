package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// Bounds on one message from a client. The SDK gives up on a connection
// whose input it cannot decode, so a Server checks each message against
// what the SDK accepts first and answers a bad one itself, with a JSON-RPC
// error, instead of passing it on.
const (
	maxMessage = 4 << 20 // bytes in one line (stdio) or body (HTTP)
	maxDepth   = 256     // nesting of arrays and objects; the SDK allows 1000
)

// noBatches is the first protocol version without JSON-RPC batches.
const noBatches = "2025-06-18"

// vetted is what vetMessage makes of one line (stdio) or body (HTTP) from
// a client: either messages the SDK will accept, or the answers that
// reject them.
type vetted struct {
	forward []byte            // the input to pass on, trimmed; nil when rejected
	msgs    []jsonrpc.Message // its messages, decoded
	reply   []byte            // the JSON-RPC error answer; nil when forwarded
}

// vetMessage checks b, one message or a batch, as the SDK will decode it.
// batchesOK says whether the session's protocol version allows batches;
// inUse reports a request id already read and not yet answered (a batch
// reusing one ends the SDK's connection). A batch with one bad message is
// rejected whole, every request in it answered, so none runs unseen.
func vetMessage(b []byte, batchesOK bool, inUse func(jsonrpc.ID) bool) vetted {
	b = bytes.TrimSpace(b)
	if !json.Valid(b) {
		return rejected(jsonrpc.CodeParseError, "parse error: not valid JSON")
	}
	if depth(b) > maxDepth {
		return rejected(jsonrpc.CodeInvalidRequest, fmt.Sprintf("invalid request: nested deeper than %d levels", maxDepth))
	}
	if b[0] != '[' {
		m, err := jsonrpc.DecodeMessage(b)
		if err != nil {
			return vetted{reply: errorReply(idOf(b), jsonrpc.CodeInvalidRequest, invalidWhy(b, err))}
		}
		return vetted{forward: b, msgs: []jsonrpc.Message{m}}
	}
	var raws []json.RawMessage
	if err := json.Unmarshal(b, &raws); err != nil {
		return rejected(jsonrpc.CodeParseError, "parse error: "+err.Error())
	}
	switch {
	case len(raws) == 0:
		return rejected(jsonrpc.CodeInvalidRequest, "invalid request: empty batch")
	case !batchesOK:
		return rejected(jsonrpc.CodeInvalidRequest, "invalid request: batches are not part of MCP from protocol version "+noBatches)
	}
	msgs := make([]jsonrpc.Message, len(raws))
	why := make([]string, len(raws))
	taken := make([]bool, len(raws)) // its id belongs to another request
	bad := -1
	seen := map[jsonrpc.ID]bool{}
	for i, raw := range raws {
		m, err := jsonrpc.DecodeMessage(raw)
		switch req, isReq := m.(*jsonrpc.Request); {
		case err != nil:
			why[i] = invalidWhy(raw, err)
		case isReq && req.IsCall() && (seen[req.ID] || inUse != nil && inUse(req.ID)):
			why[i] = fmt.Sprintf("invalid request: id %s is already in use", idText(req.ID))
			taken[i] = true
		case isReq && req.IsCall():
			seen[req.ID] = true
		}
		if why[i] != "" && bad < 0 {
			bad = i
		}
		msgs[i] = m
	}
	if bad < 0 {
		return vetted{forward: b, msgs: msgs}
	}
	var answers []json.RawMessage
	for i, raw := range raws {
		switch req, isReq := msgs[i].(*jsonrpc.Request); {
		case taken[i]: // answering with the id would answer the other request
			answers = append(answers, errorReply(nil, jsonrpc.CodeInvalidRequest, why[i]))
		case why[i] != "":
			answers = append(answers, errorReply(idOf(raw), jsonrpc.CodeInvalidRequest, why[i]))
		case isReq && req.IsCall():
			answers = append(answers, errorReply(idJSON(req.ID), jsonrpc.CodeInvalidRequest,
				fmt.Sprintf("not run: message %d of the batch is invalid", bad+1)))
		}
	}
	reply, _ := json.Marshal(answers)
	return vetted{reply: reply}
}

func rejected(code int64, msg string) vetted {
	return vetted{reply: errorReply(nil, code, msg)}
}

// invalidWhy says why raw, valid JSON, is not a JSON-RPC 2.0 message.
func invalidWhy(raw []byte, err error) string {
	var m struct {
		Version *string `json:"jsonrpc"`
	}
	if json.Unmarshal(raw, &m) != nil {
		return "invalid request: not a JSON-RPC message object"
	}
	switch {
	case m.Version == nil:
		return `invalid request: no "jsonrpc": "2.0" member`
	case *m.Version != "2.0":
		return fmt.Sprintf("invalid request: JSON-RPC version %q; only 2.0 is spoken", *m.Version)
	}
	return "invalid request: " + err.Error()
}

// wireError is a JSON-RPC error response. The id member is always
// written, null when the request's id is unknown, as JSON-RPC requires
// (the SDK's encoder leaves a missing id out).
type wireError struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   jsonrpc.Error   `json:"error"`
}

func errorReply(id json.RawMessage, code int64, msg string) []byte {
	if id == nil {
		id = json.RawMessage("null")
	}
	b, _ := json.Marshal(wireError{JSONRPC: "2.0", ID: id, Error: jsonrpc.Error{Code: code, Message: msg}})
	return b
}

// idOf is the id of a message that failed to decode, when it has one of
// the types JSON-RPC allows (string or number); else nil.
func idOf(raw []byte) json.RawMessage {
	var m struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(raw, &m) != nil || len(m.ID) == 0 {
		return nil
	}
	if c := m.ID[0]; c == '"' || c == '-' || c >= '0' && c <= '9' {
		return m.ID
	}
	return nil
}

// idJSON is id as JSON, the way the SDK writes it in its answer.
func idJSON(id jsonrpc.ID) json.RawMessage {
	b, err := json.Marshal(id.Raw())
	if err != nil {
		return nil
	}
	return b
}

func idText(id jsonrpc.ID) string { return string(idJSON(id)) }

// depth is the deepest nesting of arrays and objects in b, valid JSON.
func depth(b []byte) int {
	d, deepest := 0, 0
	inString, escaped := false, false
	for _, c := range b {
		switch {
		case escaped:
			escaped = false
		case inString:
			switch c {
			case '\\':
				escaped = true
			case '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			d++
			deepest = max(deepest, d)
		case c == ']' || c == '}':
			d--
		}
	}
	return deepest
}

func is(cond bool, a, b int) int {
	if cond {
		return a
	}
	return b
}
