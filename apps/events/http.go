package events

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
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

func writeJSON(w http.ResponseWriter, code int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		code = http.StatusInternalServerError
		b, _ = json.Marshal(ErrorResponse{Error: "encoding the response failed: " + err.Error()})
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	w.Write(append(b, '\n'))
}

func badRequest(w http.ResponseWriter, format string, args ...any) {
	writeJSON(w, http.StatusBadRequest, ErrorResponse{Error: fmt.Sprintf(format, args...)})
}

const bodyShape = `{"request": "...", "today": "YYYY-MM-DD", "profile": {...}}`

func (a *App) handleSearch(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBodyBytes))
	if err != nil {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			writeJSON(w, http.StatusRequestEntityTooLarge, ErrorResponse{Error: fmt.Sprintf("request body is over the %d-byte limit", MaxBodyBytes)})
			return
		}
		badRequest(w, "reading the request body: %v", err)
		return
	}
	if len(bytes.TrimSpace(body)) == 0 {
		badRequest(w, "body is empty; send a JSON object %s", bodyShape)
		return
	}
	var req Request
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		badRequest(w, "body is not a JSON object %s: %v", bodyShape, err)
		return
	}
	if dec.More() {
		badRequest(w, "body has data after the JSON object")
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
