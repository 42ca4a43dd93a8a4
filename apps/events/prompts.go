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

// The data each agent's user prompt (prompts/*_user.tmpl) is rendered
// from, one type per template so the nodes and the render tests agree.
type (
	editorUser struct {
		Request, Today, Feedback string
		Draft                    Profile
		Iteration                int
	}
	researcherUser struct {
		Profile   Profile
		Today     string
		Max       int
		Iteration int
		Failed    []string
	}
	verifierUser struct {
		Today string
		Leads []Lead
	}
	publisherUser struct {
		Profile             Profile
		Events              []Event
		Need, Iteration, Of int
		Policy              GateChoice
	}
)
