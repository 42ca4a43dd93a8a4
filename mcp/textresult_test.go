package mcp

import (
	"context"
	"encoding/json"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cairn-agents/cairn/tool"
)

// prettyTool returns a pretty-printed object.
type prettyTool struct{ name, out string }

func (p prettyTool) Spec() tool.Spec { return tool.Spec{Name: p.name} }
func (p prettyTool) Call(context.Context, json.RawMessage) (json.RawMessage, error) {
	return json.RawMessage(p.out), nil
}

// textOnlyTool is a prettyTool asking for text results.
type textOnlyTool struct{ prettyTool }

func (textOnlyTool) TextResultOnly() bool { return true }

// A TextResulter tool's object result goes out as one text item with no
// structuredContent; other object results carry both; a Client reads the
// same JSON from either.
func TestTextResulter(t *testing.T) {
	pretty := "{\n  \"sum\": 3\n}"
	reg, err := tool.NewRegistry(textOnlyTool{prettyTool{"text_only", pretty}}, prettyTool{"both", pretty})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := NewServer(reg, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st, ct := sdk.NewInMemoryTransports()
	go srv.Serve(ctx, st)
	sess, err := sdk.NewClient(&sdk.Implementation{Name: "t", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	for name, wantStructured := range map[string]bool{"text_only": false, "both": true} {
		res, err := sess.CallTool(ctx, &sdk.CallToolParams{Name: name})
		if err != nil {
			t.Fatal(err)
		}
		if (res.StructuredContent != nil) != wantStructured || len(res.Content) != 1 {
			t.Errorf("%s: structuredContent %v, %d content items; want structured %v and one text item", name, res.StructuredContent, len(res.Content), wantStructured)
		}
		if tc, ok := res.Content[0].(*sdk.TextContent); !ok || tc.Text != pretty {
			t.Errorf("%s: content %#v, want the pretty text", name, res.Content[0])
		}
		got, err := resultJSON(name, res)
		if err != nil || string(got) != pretty {
			t.Errorf("%s: client reads %s, %v; want %s", name, got, err, pretty)
		}
	}
}
