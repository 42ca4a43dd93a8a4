package events

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/cairn-agents/cairn/internal/httpgate"
	"github.com/cairn-agents/cairn/internal/input"
)

// HTTP limits.
const (
	MaxBodyBytes   = 32 << 10
	RequestTimeout = 60 * time.Second
)

// ErrorResponse is the body of every error answer.
type ErrorResponse struct {
	Success bool   `json:"success"`
	Error   string `json:"error"`
}

// Register adds the events API to mux:
//
//	POST /api/v1/events/search  {"request": "...", "today": "YYYY-MM-DD", "profile": {...}, "review": true} -> Response
//	POST /api/v1/events/runs/{id}/answer  {"answer": "approve"|"reject"} -> Response
func (a *App) Register(mux *http.ServeMux) {
	mux.HandleFunc("POST /api/v1/events/search", a.handleSearch)
	mux.HandleFunc("POST /api/v1/events/runs/{id}/answer", a.handleAnswer)
}

func writeJSON(w http.ResponseWriter, code int, v any) { httpgate.WriteJSON(w, code, v) }

func badRequest(w http.ResponseWriter, format string, args ...any) {
	writeJSON(w, http.StatusBadRequest, ErrorResponse{Error: fmt.Sprintf(format, args...)})
}

const bodyShape = `{"request": "...", "today": "YYYY-MM-DD", "profile": {...}, "review": false}`

func (a *App) handleSearch(w http.ResponseWriter, r *http.Request) {
	var req Request
	if err := input.ReadJSON(w, r, MaxBodyBytes, &req, bodyShape, false); err != nil {
		writeJSON(w, input.Status(err), ErrorResponse{Error: err.Error()})
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), RequestTimeout)
	defer cancel()
	resp, err := a.Search(ctx, req)
	switch {
	case errors.Is(err, ErrEmptyRequest):
		badRequest(w, `field "request" is empty and there is no "profile": %v`, err)
	case errors.Is(err, ErrLongRequest):
		badRequest(w, `field "request": %v`, err)
	case errors.Is(err, ErrBadToday):
		badRequest(w, `field "today": %v`, err)
	case errors.Is(err, ErrBadProfile):
		badRequest(w, `field "profile": %v`, err)
	case errors.Is(err, ErrNoReviewStore):
		badRequest(w, `field "review": %v`, err)
	case err != nil:
		a.opts.Logger.Error("events search failed", "request", req.Text, "error", err)
		writeJSON(w, http.StatusInternalServerError, ErrorResponse{Error: err.Error()})
	default:
		writeJSON(w, http.StatusOK, resp)
	}
}

// AnswerRequest is the body of POST /api/v1/events/runs/{id}/answer.
type AnswerRequest struct {
	Answer string `json:"answer"`
}

func (a *App) handleAnswer(w http.ResponseWriter, r *http.Request) {
	var req AnswerRequest
	if err := input.ReadJSON(w, r, MaxBodyBytes, &req, `{"answer": "approve"|"reject"}`, false); err != nil {
		writeJSON(w, input.Status(err), ErrorResponse{Error: err.Error()})
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), RequestTimeout)
	defer cancel()
	id := r.PathValue("id")
	resp, err := a.Resume(ctx, id, req.Answer)
	switch {
	case errors.Is(err, ErrBadReview):
		badRequest(w, `field "answer": %v`, err)
	case errors.Is(err, ErrUnknownRun):
		writeJSON(w, http.StatusNotFound, ErrorResponse{Error: err.Error()})
	case errors.Is(err, ErrRunNotWaiting):
		writeJSON(w, http.StatusConflict, ErrorResponse{Error: err.Error()})
	case errors.Is(err, ErrNoReviewStore):
		writeJSON(w, http.StatusNotFound, ErrorResponse{Error: err.Error()})
	case err != nil:
		a.opts.Logger.Error("events answer failed", "run", id, "error", err)
		writeJSON(w, http.StatusInternalServerError, ErrorResponse{Error: err.Error()})
	default:
		writeJSON(w, http.StatusOK, resp)
	}
}
