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
//	POST /api/v1/events/search  {"request": "...", "today": "YYYY-MM-DD", "profile": {...}} -> Response
func (a *App) Register(mux *http.ServeMux) {
	mux.HandleFunc("POST /api/v1/events/search", a.handleSearch)
}

func writeJSON(w http.ResponseWriter, code int, v any) { httpgate.WriteJSON(w, code, v) }

func badRequest(w http.ResponseWriter, format string, args ...any) {
	writeJSON(w, http.StatusBadRequest, ErrorResponse{Error: fmt.Sprintf(format, args...)})
}

const bodyShape = `{"request": "...", "today": "YYYY-MM-DD", "profile": {...}}`

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
	case err != nil:
		a.opts.Logger.Error("events search failed", "request", req.Text, "error", err)
		writeJSON(w, http.StatusInternalServerError, ErrorResponse{Error: err.Error()})
	default:
		writeJSON(w, http.StatusOK, resp)
	}
}
