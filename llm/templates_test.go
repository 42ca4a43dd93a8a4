package llm_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/cairn-agents/cairn/llm"
)

func TestTemplatesRender(t *testing.T) {
	fsys := fstest.MapFS{
		"prompts/ask.tmpl": {Data: []byte("Moves: {{join .Moves \", \"}}.\n")},
		"prompts/bad.tmpl": {Data: []byte("{{.Missing.Field}}")},
		"prompts/note.txt": {Data: []byte("not a template")},
	}
	ts := llm.MustParseTemplates(fsys, "prompts/*.tmpl")
	got, err := ts.Render("ask", struct{ Moves []string }{[]string{"up", "left"}})
	if err != nil || got != "Moves: up, left.\n" {
		t.Errorf("Render(ask) = %q, %v", got, err)
	}
	if _, err := ts.Render("note", nil); err == nil || !strings.Contains(err.Error(), "prompt note") {
		t.Errorf("Render of a file the pattern left out: err = %v, want one naming the prompt", err)
	}
	if _, err := ts.Render("bad", struct{ Missing *struct{ Field string } }{}); err == nil || !strings.Contains(err.Error(), "prompt bad") {
		t.Errorf("Render of a failing template: err = %v, want one naming the prompt", err)
	}
}

func TestMustParseTemplatesPanicsOnABadFile(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic for an unparsable template")
		}
	}()
	llm.MustParseTemplates(fstest.MapFS{"p/x.tmpl": {Data: []byte("{{if}}")}}, "p/*.tmpl")
}
