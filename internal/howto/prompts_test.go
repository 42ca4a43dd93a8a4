package howto

import (
	"strings"
	"testing"
)

func TestPromptsRender(t *testing.T) {
	in := promptInput{Ticket: "Refund my invoice", Queues: Queue("").Enum()}
	sys, err := prompts.Render("classify", in)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"- billing", "- outage", "- other", `never goes to "other"`} {
		if !strings.Contains(sys, want) {
			t.Errorf("system prompt lacks %q:\n%s", want, sys)
		}
	}
	user, err := prompts.Render("classify_user", in)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(user, "Ticket:\nRefund my invoice\n") {
		t.Errorf("user prompt lacks the ticket:\n%s", user)
	}
	if _, err := prompts.Render("nope", in); err == nil || !strings.Contains(err.Error(), "nope") {
		t.Errorf("unknown template: err = %v, want one naming it", err)
	}
}
