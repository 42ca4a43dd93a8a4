package llm

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/internal/testkit"
)

// A model server that takes the request and never answers does not hang
// the caller: every provider call has a deadline.
func TestCallsHaveADeadline(t *testing.T) {
	srv := testkit.SilentServer(t)
	const d = 200 * time.Millisecond
	for name, call := range map[string]func(context.Context) error{
		"ollama chat": func(ctx context.Context) error {
			_, err := (&Ollama{BaseURL: srv.URL, Model: "m", Timeout: d}).Chat(ctx, Request{Messages: []Message{{Role: User, Content: "hi"}}})
			return err
		},
		"ollama stream": func(ctx context.Context) error {
			_, err := (&Ollama{BaseURL: srv.URL, Model: "m", Timeout: d, Stream: true}).Chat(ctx, Request{Messages: []Message{{Role: User, Content: "hi"}}})
			return err
		},
		"openai chat": func(ctx context.Context) error {
			_, err := (&OpenAI{BaseURL: srv.URL, Model: "m", Timeout: d}).Chat(ctx, Request{Messages: []Message{{Role: User, Content: "hi"}}})
			return err
		},
		"ollama embed": func(ctx context.Context) error {
			_, _, err := (&Ollama{BaseURL: srv.URL, Model: "m", Timeout: d}).Embed(ctx, []string{"x"})
			return err
		},
		"openai embed": func(ctx context.Context) error {
			_, _, err := (&OpenAI{BaseURL: srv.URL, Model: "m", Timeout: d}).Embed(ctx, []string{"x"})
			return err
		},
	} {
		start := time.Now()
		err := call(context.Background())
		if !errors.Is(err, ErrTimeout) {
			t.Errorf("%s: %v, want ErrTimeout", name, err)
		}
		if took := time.Since(start); took > 5*time.Second {
			t.Errorf("%s: took %v", name, took)
		}
	}
}

func TestWithCallTimeout(t *testing.T) {
	ctx, cancel := withCallTimeout(context.Background(), 0)
	defer cancel()
	dl, ok := ctx.Deadline()
	if !ok || time.Until(dl) < DefaultCallTimeout-time.Minute {
		t.Errorf("no deadline: default %v, got %v %v", DefaultCallTimeout, dl, ok)
	}
	parent, pc := context.WithTimeout(context.Background(), time.Hour)
	defer pc()
	ctx, cancel = withCallTimeout(parent, 0)
	defer cancel()
	if dl, _ := ctx.Deadline(); time.Until(dl) < 59*time.Minute {
		t.Errorf("the caller's deadline was shortened: %v", dl)
	}
	ctx, cancel = withCallTimeout(parent, time.Second)
	defer cancel()
	if dl, _ := ctx.Deadline(); time.Until(dl) > 2*time.Second {
		t.Errorf("Timeout not applied: %v", dl)
	}
}
