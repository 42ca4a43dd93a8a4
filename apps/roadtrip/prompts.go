package roadtrip

import (
	"context"
	"embed"

	"github.com/cairn-agents/cairn/llm"
)

//go:embed prompts/*.tmpl
var promptFiles embed.FS

var prompts = llm.MustParseTemplates(promptFiles, "prompts/*.tmpl")

// decide asks the model of role for the decision called name (its name in
// events) and falls back to policy when no model is configured or its
// reply is unusable. The system prompt is prompts/ROLE.tmpl and the user
// prompt prompts/ROLE_user.tmpl rendered with in(); they are made only
// when a model will read them. A prompt that does not render is a bug and
// fails the run (TestPromptsRender renders each one).
func decide[T any](ctx context.Context, p *Planner, role, name string, in func() any, enums map[string][]string, policy T) (llm.Decision[T], error) {
	m := p.model(role)
	pr := llm.Prompt{Name: name, Timeout: p.timeout, Enums: enums, MaxRepairs: 2}
	if m != nil {
		var err error
		if pr.System, err = prompts.Render(role, nil); err != nil {
			return llm.Decision[T]{}, err
		}
		if pr.User, err = prompts.Render(role+"_user", in()); err != nil {
			return llm.Decision[T]{}, err
		}
	}
	return llm.Decide(ctx, m, pr, func(context.Context) (T, error) { return policy, nil })
}
