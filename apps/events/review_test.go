package events

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/cairn-agents/cairn/flow"
)

// countingStore counts the checkpoints saved.
type countingStore struct {
	flow.MemStore
	saves atomic.Int32
}

func (c *countingStore) Save(ctx context.Context, cp flow.Checkpoint) error {
	c.saves.Add(1)
	return c.MemStore.Save(ctx, cp)
}

// TestReview: a request with review stops before publishing with the
// shortlist and a run ID; wrong answers and unknown runs change nothing;
// another App over the same store publishes on approval; a second answer
// is refused; reject publishes nothing.
func TestReview(t *testing.T) {
	ctx := context.Background()
	recs := festivalRecords(t, 16, "2026-03-01")
	store := &countingStore{}
	a := memApp(t, recs, Options{Store: store})

	plain, err := a.Search(ctx, Request{Text: berlinMarch, Today: "2026-01-15"})
	if err != nil || plain.Status != StatusDone || plain.RunID != "" || len(plain.Events) != 15 {
		t.Fatalf("without review: %v %s %q %d events", err, plain.Status, plain.RunID, len(plain.Events))
	}
	if n := store.saves.Load(); n != 0 {
		t.Errorf("a run without review saved %d checkpoints", n)
	}

	w, err := a.Search(ctx, Request{Text: berlinMarch, Today: "2026-01-15", Review: true})
	if err != nil {
		t.Fatal(err)
	}
	if w.Status != StatusWaiting || w.RunID == "" || w.Question != "Publish these 15 events?" || !slices.Equal(w.Options, []string{"approve", "reject"}) {
		t.Fatalf("waiting: %s %q %q %q", w.Status, w.RunID, w.Question, w.Options)
	}
	if len(w.Events) != 15 || w.GateDecision != Approve || w.Request != berlinMarch || w.Today != "2026-01-15" {
		t.Fatalf("the shortlist: %d events, %s, %q %q", len(w.Events), w.GateDecision, w.Request, w.Today)
	}

	for _, c := range []struct {
		id, answer string
		want       error
	}{
		{w.RunID, "yes", ErrBadReview},
		{w.RunID, "", ErrBadReview},
		{"20260101T000000-0000000000000000", "approve", ErrUnknownRun},
		{"../etc/passwd", "approve", ErrUnknownRun},
	} {
		if _, err := a.Resume(ctx, c.id, c.answer); !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.id) && !strings.Contains(err.Error(), c.answer) {
			t.Errorf("Resume(%q, %q): %v, want %v", c.id, c.answer, err, c.want)
		}
	}

	b := memApp(t, recs, Options{Store: store}) // another process, the same store
	r, err := b.Resume(ctx, w.RunID, ReviewApprove)
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != StatusDone || r.RunID != "" || r.GateDecision != Approve || len(r.Events) != 15 || r.Events[0].Title != w.Events[0].Title {
		t.Fatalf("approved: %s %q %s %d events", r.Status, r.RunID, r.GateDecision, len(r.Events))
	}
	if !slices.Contains(r.Notes, "the reviewer approved the 15 event(s)") {
		t.Errorf("notes %q", r.Notes)
	}
	if r.Metrics.Editor.Runs != 1 || r.Metrics.Publisher.Runs != 1 {
		t.Errorf("the answer ran the agents again: editor %d, publisher %d", r.Metrics.Editor.Runs, r.Metrics.Publisher.Runs)
	}
	if _, err := b.Resume(ctx, w.RunID, ReviewApprove); !errors.Is(err, ErrRunNotWaiting) || !strings.Contains(err.Error(), w.RunID) {
		t.Errorf("second answer: %v", err)
	}

	w, _ = a.Search(ctx, Request{Text: berlinMarch, Today: "2026-01-15", Review: true})
	r, err = a.Resume(ctx, w.RunID, ReviewReject)
	if err != nil || r.GateDecision != Reject || len(r.Events) != 0 || r.Events == nil || !strings.Contains(r.RetryFeedback, "the reviewer rejected the 15 event(s)") {
		t.Fatalf("rejected: %v %s %d events %q", err, r.GateDecision, len(r.Events), r.RetryFeedback)
	}
}

// TestReviewNothingToApprove: no question when the gate rejected; a
// review without a store is refused.
func TestReviewNothingToApprove(t *testing.T) {
	ctx := context.Background()
	a := memApp(t, festivalRecords(t, 3, "2026-03-01"), Options{Store: &flow.MemStore{}})
	r, err := a.Search(ctx, Request{Text: "festivals in Xyzzyville next month", Today: "2026-01-15", Review: true})
	if err != nil || r.Status != StatusDone || r.RunID != "" || r.GateDecision != Reject {
		t.Errorf("rejected by the gate: %v %s %q %s", err, r.Status, r.RunID, r.GateDecision)
	}
	n := memApp(t, nil, Options{})
	if _, err := n.Search(ctx, Request{Text: berlinMarch, Review: true}); !errors.Is(err, ErrNoReviewStore) {
		t.Errorf("no store: %v", err)
	}
	if _, err := n.Resume(ctx, "x", ReviewApprove); !errors.Is(err, ErrNoReviewStore) {
		t.Errorf("no store: %v", err)
	}
}

// TestReviewAPI: the search answers "waiting" and the answer route
// publishes, with named 4xx errors.
func TestReviewAPI(t *testing.T) {
	a := memApp(t, festivalRecords(t, 3, "2026-03-01"), Options{Store: &flow.MemStore{}})
	mux := http.NewServeMux()
	a.Register(mux)
	srv := httptest.NewServer(mux)
	defer srv.Close()
	post := func(path, body string) (int, string) {
		resp, err := http.Post(srv.URL+path, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	code, body := post("/api/v1/events/search", `{"request": "`+berlinMarch+`", "today": "2026-01-15", "review": true}`)
	var w Response
	if err := json.Unmarshal([]byte(body), &w); err != nil || code != 200 || w.Status != "waiting" || w.RunID == "" || len(w.Events) != 3 || w.Question != "Publish these 3 events?" {
		t.Fatalf("%d %.300s", code, body)
	}
	answer := "/api/v1/events/runs/" + w.RunID + "/answer"
	for _, c := range []struct {
		path, body string
		code       int
		want       string
	}{
		{answer, `{"answer": "maybe"}`, 400, `field \"answer\": the answer is not approve or reject: \"maybe\"`},
		{answer, `{"reply": "approve"}`, 400, `unknown field \"reply\"`},
		{"/api/v1/events/runs/nope/answer", `{"answer": "approve"}`, 404, `no such run: \"nope\"`},
	} {
		if code, body := post(c.path, c.body); code != c.code || !strings.Contains(body, c.want) {
			t.Errorf("%s %s: %d %s, want %d %s", c.path, c.body, code, body, c.code, c.want)
		}
	}
	code, body = post(answer, `{"answer": "approve"}`)
	var r Response
	if err := json.Unmarshal([]byte(body), &r); err != nil || code != 200 || r.Status != "done" || len(r.Events) != 3 || r.GateDecision != Approve {
		t.Fatalf("approve: %d %.300s", code, body)
	}
	if code, body := post(answer, `{"answer": "approve"}`); code != 409 || !strings.Contains(body, "not waiting") {
		t.Errorf("second answer: %d %s", code, body)
	}
}
