package mcp

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cairn-agents/cairn/tool"
)

// resultJSON turns a tools/call result into a tool result. An isError
// result is an error carrying the server's text, of kind ErrPermanent unless
// the text starts with the name of another kind (see errorText). Otherwise
// structured content wins; text content that is JSON is kept as JSON, other
// text becomes a JSON string; several content blocks become an array.
func resultJSON(name string, res *sdk.CallToolResult) (json.RawMessage, error) {
	if res == nil {
		return nil, tool.Permanent(name, errors.New("server returned no result"))
	}
	if res.IsError {
		msg := strings.TrimSpace(joinText(res.Content))
		if msg == "" {
			msg = "server reported an error without text"
		}
		return nil, kindFromText(name, msg)
	}
	if res.StructuredContent != nil {
		// Prefer the text twin when it says the same thing: its bytes keep
		// numbers exactly as the server wrote them.
		if len(res.Content) == 1 {
			if tc, ok := res.Content[0].(*sdk.TextContent); ok && sameJSON(tc.Text, res.StructuredContent) {
				return json.RawMessage(strings.TrimSpace(tc.Text)), nil
			}
		}
		out, err := json.Marshal(res.StructuredContent)
		if err != nil {
			return nil, tool.Permanent(name, fmt.Errorf("structured content: %w", err))
		}
		return out, nil
	}
	switch len(res.Content) {
	case 0:
		return json.RawMessage("null"), nil
	case 1:
		return contentJSON(name, res.Content[0])
	}
	parts := make([]json.RawMessage, 0, len(res.Content))
	for _, c := range res.Content {
		p, err := contentJSON(name, c)
		if err != nil {
			return nil, err
		}
		parts = append(parts, p)
	}
	out, err := json.Marshal(parts)
	if err != nil {
		return nil, tool.Permanent(name, err)
	}
	return out, nil
}

// sameJSON reports whether text is JSON saying the same as structured. The
// SDK decodes structured content into map[string]any, which is compared as
// it is; other values (set in process) go through their JSON first.
func sameJSON(text string, structured any) bool {
	var a any
	if json.Unmarshal([]byte(text), &a) != nil {
		return false // not JSON at all (Unmarshal validates first)
	}
	b, ok := structured.(map[string]any)
	if !ok {
		sb, err := json.Marshal(structured)
		if err != nil || json.Unmarshal(sb, &b) != nil {
			return false
		}
	}
	return reflect.DeepEqual(a, b)
}

// contentJSON converts one content block: text as described above, any
// other kind (image, audio, resource) as its wire JSON.
func contentJSON(name string, c sdk.Content) (json.RawMessage, error) {
	if tc, ok := c.(*sdk.TextContent); ok {
		if t := strings.TrimSpace(tc.Text); t != "" && json.Valid([]byte(t)) {
			return json.RawMessage(t), nil
		}
		out, err := json.Marshal(tc.Text)
		if err != nil {
			return nil, tool.Permanent(name, err)
		}
		return out, nil
	}
	out, err := json.Marshal(c)
	if err != nil {
		return nil, tool.Permanent(name, fmt.Errorf("content %T: %w", c, err))
	}
	return out, nil
}

func joinText(cs []sdk.Content) string {
	var parts []string
	for _, c := range cs {
		if tc, ok := c.(*sdk.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// kindFromText makes the error of an isError result. A Cairn server puts
// the kind of a bad-arguments or transient failure in front of the text
// (see errorText); other text is a permanent failure, except the
// TypeScript SDK's invalid-params errors, which are bad arguments.
func kindFromText(name, msg string) error {
	for _, kind := range []error{tool.ErrBadArgs, tool.ErrTransient} {
		if rest, ok := strings.CutPrefix(msg, kind.Error()+": "); ok {
			return &tool.Error{Tool: name, Kind: kind, Err: errors.New(rest)}
		}
	}
	// The TypeScript SDK reports schema failures as isError results
	// carrying the JSON-RPC "invalid params" error.
	if strings.HasPrefix(msg, "MCP error -32602:") {
		return tool.BadArgs(name, errors.New(msg))
	}
	return tool.Permanent(name, errors.New(msg))
}
