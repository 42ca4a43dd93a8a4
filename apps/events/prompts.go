package events

import (
	"embed"

	"github.com/cairn-agents/cairn/llm"
)

//go:embed prompts/*.tmpl
var promptFiles embed.FS

var prompts = llm.MustParseTemplates(promptFiles, "prompts/*.tmpl")

// systemPrompts are the agents' system prompts; New renders them once.
type systemPrompts struct {
	editor, researcher, verifier, publisher string
}

func renderSystemPrompts() (systemPrompts, error) {
	var p systemPrompts
	var err error
	var labels []string
	for _, in := range interests {
		labels = append(labels, in.label)
	}
	if p.editor, err = prompts.Render("editor", struct{ Interests []string }{labels}); err != nil {
		return p, err
	}
	if p.researcher, err = prompts.Render("researcher", nil); err != nil {
		return p, err
	}
	if p.verifier, err = prompts.Render("verifier", nil); err != nil {
		return p, err
	}
	p.publisher, err = prompts.Render("publisher", nil)
	return p, err
}
