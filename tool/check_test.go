package tool_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/tool"
)

func TestCheckArgs(t *testing.T) {
	spec := tool.Spec{Name: "maps_directions", InputSchema: json.RawMessage(`{"type":"object","properties":{"origin":{"type":"string"},"destination":{"type":"string"},"mode":{"type":"string","enum":["driving","walking","bicycling","transit"]}},"required":["origin","destination"]}`)}
	for _, c := range []struct {
		args, wantErr string
	}{
		{`{"origin":"Dover, DE","destination":"Lewes, DE"}`, ""},
		{`{"origin":"Dover, DE","destination":"Lewes, DE","mode":"bicycling"}`, ""},
		{`{"origin":"Dover, DE"}`, "destination"},
		{`{"origin":"Dover, DE","destination":"Lewes, DE","mode":"bike"}`, "mode"},
		{`{"origin":3,"destination":"Lewes, DE"}`, "origin"},
		{`["Dover"]`, "not a JSON object"},
		{`{"origin":`, "not JSON"},
		{``, "origin"},
	} {
		err := tool.CheckArgs(spec, json.RawMessage(c.args))
		switch {
		case c.wantErr == "" && err != nil:
			t.Errorf("%s: %v", c.args, err)
		case c.wantErr != "" && (!errors.Is(err, tool.ErrBadArgs) || !strings.Contains(err.Error(), c.wantErr)):
			t.Errorf("%s: %v, want ErrBadArgs naming %q", c.args, err, c.wantErr)
		}
	}
	if err := tool.CheckArgs(tool.Spec{Name: "any"}, json.RawMessage(`{"x":1}`)); err != nil {
		t.Errorf("no schema: %v", err)
	}
	bad := tool.Spec{Name: "broken", InputSchema: json.RawMessage(`{"type":7}`)}
	if err := tool.CheckArgs(bad, json.RawMessage(`{}`)); err == nil || errors.Is(err, tool.ErrBadArgs) {
		t.Errorf("broken schema: %v, want an error that is not the caller's", err)
	}
}
