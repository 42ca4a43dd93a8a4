package mcp

import (
	"errors"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cairn-agents/cairn/tool"
)

func text(s string) sdk.Content { return &sdk.TextContent{Text: s} }

func TestResultJSON(t *testing.T) {
	cases := []struct {
		name string
		res  *sdk.CallToolResult
		want string
	}{
		{"json text kept", &sdk.CallToolResult{Content: []sdk.Content{text(` {"a": 1} `)}}, `{"a": 1}`},
		{"plain text wrapped", &sdk.CallToolResult{Content: []sdk.Content{text(`Paris, "France"`)}}, `"Paris, \"France\""`},
		{"empty text", &sdk.CallToolResult{Content: []sdk.Content{text(``)}}, `""`},
		{"no content", &sdk.CallToolResult{}, `null`},
		{"structured wins over other text", &sdk.CallToolResult{
			Content:           []sdk.Content{text(`summary: 2 results`)},
			StructuredContent: map[string]any{"n": 2.0},
		}, `{"n":2}`},
		{"text twin keeps exact numbers", &sdk.CallToolResult{
			Content:           []sdk.Content{text(`{"n":2.50}`)},
			StructuredContent: map[string]any{"n": 2.5},
		}, `{"n":2.50}`},
		{"pretty text twin kept", &sdk.CallToolResult{
			Content:           []sdk.Content{text("{\n  \"places\": [\n    {\"name\": \"Café\"}\n  ]\n}\n")},
			StructuredContent: map[string]any{"places": []any{map[string]any{"name": "Café"}}},
		}, "{\n  \"places\": [\n    {\"name\": \"Café\"}\n  ]\n}"},
		{"text twin that differs loses", &sdk.CallToolResult{
			Content:           []sdk.Content{text(`{"places":[]}`)},
			StructuredContent: map[string]any{"places": []any{map[string]any{"name": "Café"}}},
		}, `{"places":[{"name":"Café"}]}`},
		{"several blocks", &sdk.CallToolResult{Content: []sdk.Content{text(`[1]`), text(`hi`)}}, `[[1],"hi"]`},
		{"image block as wire JSON", &sdk.CallToolResult{Content: []sdk.Content{&sdk.ImageContent{MIMEType: "image/png", Data: []byte{1, 2}}}},
			`{"type":"image","mimeType":"image/png","data":"AQI="}`},
	}
	for _, c := range cases {
		got, err := resultJSON("t", c.res)
		if err != nil || string(got) != c.want {
			t.Errorf("%s: got %s, %v; want %s", c.name, got, err, c.want)
		}
	}
}

func TestResultJSONIsError(t *testing.T) {
	_, err := resultJSON("geo", &sdk.CallToolResult{IsError: true, Content: []sdk.Content{text("no route between A and B")}})
	if !errors.Is(err, tool.ErrPermanent) || !strings.Contains(err.Error(), "no route between A and B") {
		t.Fatalf("err = %v", err)
	}
	var te *tool.Error
	if !errors.As(err, &te) || te.Tool != "geo" {
		t.Fatalf("err = %#v", err)
	}
	_, err = resultJSON("geo", &sdk.CallToolResult{IsError: true})
	if !errors.Is(err, tool.ErrPermanent) || !strings.Contains(err.Error(), "without text") {
		t.Fatalf("empty isError: %v", err)
	}
}

func TestResultJSONErrorKinds(t *testing.T) {
	cases := []struct {
		text string
		kind error
		msg  string
	}{
		{"bad tool arguments: validating /properties/a: want number", tool.ErrBadArgs, "validating /properties/a: want number"},
		{"transient tool failure: upstream timed out", tool.ErrTransient, "upstream timed out"},
		{"the city is not in the extract", tool.ErrPermanent, "the city is not in the extract"},
		{"Bad tool arguments are fine here", tool.ErrPermanent, "Bad tool arguments"},
		{"MCP error -32602: Input validation error: expected number at a", tool.ErrBadArgs, "expected number at a"},
	}
	for _, c := range cases {
		_, err := resultJSON("x", &sdk.CallToolResult{IsError: true, Content: []sdk.Content{text(c.text)}})
		var te *tool.Error
		if !errors.As(err, &te) || te.Kind != c.kind || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%q: err = %v, want kind %v", c.text, err, c.kind)
		}
	}
}
