package ocean

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/cairn-agents/cairn/internal/httpgate"
	"github.com/cairn-agents/cairn/internal/input"
)

// HTTP limits.
const (
	MaxBodyBytes   = 16 << 10
	RequestTimeout = 60 * time.Second
)

// QueryRequest is the body of POST /api/v1/agent/query.
type QueryRequest struct {
	Query string `json:"query"`
}

// ErrorResponse is the body of every error answer.
type ErrorResponse struct {
	Success bool   `json:"success"`
	Error   string `json:"error"`
}

// Register adds the ocean API to mux:
//
//	POST /api/v1/agent/query        {"query": "..."} -> Answer
//	GET  /api/v1/ocean/plots/{id}   a plot of an answer (.svg or .png)
//	GET  /api/v1/ocean/health       store and index health
//
// The mux is the caller's, so other systems can share it.
func (a *App) Register(mux *http.ServeMux) {
	plots := &plotStore{}
	mux.HandleFunc("POST /api/v1/agent/query", func(w http.ResponseWriter, r *http.Request) { a.handleQuery(w, r, plots) })
	mux.Handle("GET "+plotPath+"{id}", plots)
	mux.HandleFunc("GET /api/v1/ocean/health", a.handleHealth)
}

func writeJSON(w http.ResponseWriter, code int, v any) { httpgate.WriteJSON(w, code, v) }

// Answer is the body of a query's answer: the Response and the URLs of
// its plots.
type Answer struct {
	Response
	Plots []PlotRef `json:"plots"`
}

func (a *App) handleQuery(w http.ResponseWriter, r *http.Request, plots *plotStore) {
	// Any Content-Type is accepted (curl -d sends a form type); the body
	// itself must be JSON. input.ReadJSON says what is wrong in the JSON's
	// terms (field "query": expected a string, got 42), never in Go's, and
	// input.Status gives 413 for a body past the limit, 408 for a slow one.
	var req QueryRequest
	if err := input.ReadJSON(w, r, MaxBodyBytes, &req, `{"query": "..."}`, false); err != nil {
		writeJSON(w, input.Status(err), ErrorResponse{Error: err.Error()})
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), RequestTimeout)
	defer cancel()
	code, body, _ := a.answers.get(ctx, strings.TrimSpace(req.Query), plots, func() (int, []byte, []string) {
		resp, err := a.askInTurn(ctx, req.Query)
		var fail ErrorResponse
		code := http.StatusBadRequest
		switch {
		case errors.Is(err, errNoTurn):
			code, fail.Error = http.StatusServiceUnavailable, err.Error()
		case errors.Is(err, ErrEmptyQuery):
			fail.Error = `field "query" is empty`
		case errors.Is(err, ErrLongQuery):
			fail.Error = fmt.Sprintf(`field "query": %v`, err)
		case err != nil:
			a.opts.Logger.Error("ocean query failed", "query", req.Query, "error", err)
			code, fail.Error = http.StatusInternalServerError, err.Error()
		}
		if err != nil {
			code, body := encodeJSON(code, fail)
			return code, body, nil
		}
		refs := plots.Keep(Figures(resp.Result))
		ids := make([]string, len(refs))
		for i, p := range refs {
			ids[i] = p.ID
		}
		code, body := encodeJSON(http.StatusOK, Answer{Response: resp, Plots: refs})
		return code, body, ids
	})
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	w.Write(body)
}

// errNoTurn: a question's context ended while it waited for its turn.
var errNoTurn = errors.New("the question waited too long for its turn")

// askInTurn is Ask once the question's turn has come (see MaxAsks).
func (a *App) askInTurn(ctx context.Context, q string) (Response, error) {
	if err := a.asks.Enter(ctx); err != nil {
		return Response{}, fmt.Errorf("%w: %w", errNoTurn, err)
	}
	defer a.asks.Leave()
	return a.Ask(ctx, q)
}

// encodeJSON is v as the body of an answer with code (a 500 saying so
// when v does not encode), ending in a newline as httpgate.WriteJSON's.
func encodeJSON(code int, v any) (int, []byte) {
	b, err := json.Marshal(v)
	if err != nil {
		code = http.StatusInternalServerError
		b, _ = json.Marshal(ErrorResponse{Error: "encoding the answer failed: " + err.Error()})
	}
	return code, append(b, '\n')
}

// Health reports whether the stores answer and what they hold.
type Health struct {
	Status   string `json:"status"` // "ok" or "degraded"
	Floats   int64  `json:"floats"`
	Passages int    `json:"passages"`
	Error    string `json:"error,omitempty"`
}

// Health checks the metadata store and the document index.
func (a *App) Health(ctx context.Context) Health {
	h := Health{Status: "ok"}
	if a.docs != nil {
		h.Passages = a.docs.Len()
	}
	if a.meta == nil {
		h.Status, h.Error = "degraded", "no metadata store"
		return h
	}
	res, err := a.meta.Query(ctx, a.queryOpts(), "SELECT count(*) FROM argo_float_status")
	if err != nil {
		h.Status, h.Error = "degraded", err.Error()
		return h
	}
	if len(res.Rows) == 1 {
		h.Floats, _ = res.Rows[0][0].(int64)
	}
	return h
}

func (a *App) handleHealth(w http.ResponseWriter, r *http.Request) {
	h := a.Health(r.Context())
	code := http.StatusOK
	if h.Status != "ok" {
		code = http.StatusServiceUnavailable
	}
	writeJSON(w, code, h)
}
