package mapschat

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/internal/httpgate"
	"github.com/cairn-agents/cairn/internal/input"
)

// HTTP limits.
const (
	// MaxBodyBytes bounds a request body of the chat API. A message
	// longer than the assistant takes (Options.MaxMessageBytes) but
	// within it is refused by the assistant, with the same status.
	MaxBodyBytes = 64 << 10
	// RequestTimeout bounds one request, a streamed turn included.
	RequestTimeout = 60 * time.Second
)

// FeatureSource draws the map: the offline engine's Features.
type FeatureSource interface {
	Features(ctx context.Context, req geo.FeatureRequest) (geo.MapFeatures, error)
}

// ErrorResponse is the body of every error answer of the chat API.
type ErrorResponse struct {
	Error     string `json:"error"`
	RequestID string `json:"request_id,omitempty"`
}

// SessionRequest is the optional body of POST /api/v1/chat/sessions.
type SessionRequest struct {
	Center *Center `json:"center"`
}

// MessageRequest is the body of POST /api/v1/chat/sessions/{id}/messages.
type MessageRequest struct {
	Message string  `json:"message"`
	Center  *Center `json:"center"`
	// Selected is the place whose marker the person clicked, if any:
	// "it" and "there" then mean it.
	Selected *Place `json:"selected"`
}

// Register adds the chat API, the map features and the web page to mux:
//
//	POST   /api/v1/chat/sessions                {"center": optional} -> {"id"}
//	GET    /api/v1/chat/sessions                -> {"sessions": [...]}
//	GET    /api/v1/chat/sessions/{id}           -> Session
//	DELETE /api/v1/chat/sessions/{id}
//	POST   /api/v1/chat/sessions/{id}/messages  {"message", "center", "selected"} -> text/event-stream
//	GET    /api/v1/maps/features?bbox=minLng,minLat,maxLng,maxLat&zoom=Z -> GeoJSON
//	GET    /, /chat, /chat/*                    the page
//
// features may be nil: the map then draws only the answers' places and
// routes (GET /api/v1/maps/features answers 503).
func (a *Assistant) Register(mux *http.ServeMux, features FeatureSource) {
	h := &api{a: a, features: features}
	mux.HandleFunc("POST /api/v1/chat/sessions", h.create)
	mux.HandleFunc("GET /api/v1/chat/sessions", h.list)
	mux.HandleFunc("GET /api/v1/chat/sessions/{id}", h.get)
	mux.HandleFunc("DELETE /api/v1/chat/sessions/{id}", h.delete)
	mux.HandleFunc("POST /api/v1/chat/sessions/{id}/messages", h.message)
	mux.HandleFunc("GET /api/v1/maps/features", h.mapFeatures)
	registerPage(mux)
}

type api struct {
	a        *Assistant
	features FeatureSource
}

func writeJSON(w http.ResponseWriter, code int, v any) { httpgate.WriteJSON(w, code, v) }

func writeError(w http.ResponseWriter, r *http.Request, code int, msg string) {
	writeJSON(w, code, ErrorResponse{Error: msg, RequestID: httpgate.RequestID(r.Context())})
}

// status is the HTTP status of an error of the assistant.
func status(err error) int {
	switch {
	case errors.Is(err, ErrUnknownSession):
		return http.StatusNotFound
	case errors.Is(err, ErrBusy):
		return http.StatusConflict
	case errors.Is(err, ErrTooLong), errors.Is(err, input.ErrTooLarge):
		return http.StatusRequestEntityTooLarge
	case errors.Is(err, ErrEmptyMessage):
		return http.StatusBadRequest
	case errors.Is(err, context.DeadlineExceeded):
		return http.StatusGatewayTimeout
	}
	return http.StatusInternalServerError
}

// userText is err as a person reads it: without the package prefix.
func userText(err error) string {
	return strings.TrimPrefix(err.Error(), "mapschat: ")
}

// readJSON reads r's body into v; an empty body leaves v as it is when
// optional. It answers the error itself and returns false.
func readJSON(w http.ResponseWriter, r *http.Request, v any, optional bool, shape string) bool {
	if err := input.ReadJSON(w, r, MaxBodyBytes, v, shape, optional); err != nil {
		writeError(w, r, input.Status(err), err.Error())
		return false
	}
	return true
}

func (h *api) create(w http.ResponseWriter, r *http.Request) {
	var req SessionRequest
	if !readJSON(w, r, &req, true, `{"center": "a place" or {"lat": …, "lng": …}}`) {
		return
	}
	id, err := h.a.CreateSession(r.Context(), req.Center)
	if err != nil {
		code := status(err)
		if code == http.StatusInternalServerError && req.Center != nil && req.Center.Validate() != nil {
			code = http.StatusBadRequest
		}
		writeError(w, r, code, userText(err))
		return
	}
	w.Header().Set("Location", "/api/v1/chat/sessions/"+id)
	writeJSON(w, http.StatusCreated, map[string]string{"id": id})
}

func (h *api) list(w http.ResponseWriter, r *http.Request) {
	s, err := h.a.ListSessions(r.Context())
	if err != nil {
		writeError(w, r, status(err), userText(err))
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"sessions": s})
}

func (h *api) get(w http.ResponseWriter, r *http.Request) {
	s, err := h.a.Session(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, r, status(err), userText(err))
		return
	}
	writeJSON(w, http.StatusOK, s)
}

func (h *api) delete(w http.ResponseWriter, r *http.Request) {
	if err := h.a.DeleteSession(r.Context(), r.PathValue("id")); err != nil {
		writeError(w, r, status(err), userText(err))
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// message runs one turn and streams it as server-sent events: "state"
// per coordinator state, then "done" with the answer. An error before the
// first event is a plain JSON answer with its status; one after it (the
// stream has begun) is an "error" event. A client that goes away cancels
// the turn, and nothing of it is stored.
func (h *api) message(w http.ResponseWriter, r *http.Request) {
	var req MessageRequest
	if !readJSON(w, r, &req, false, `{"message": "...", "center": optional}`) {
		return
	}
	m := Message{Text: req.Message, Center: req.Center, Selected: req.Selected}
	if err := h.a.CheckMessage(m); err != nil {
		code := status(err)
		if code == http.StatusInternalServerError {
			code = http.StatusBadRequest
		}
		msg := userText(err)
		if errors.Is(err, ErrEmptyMessage) {
			msg = `field "message" is empty`
		}
		writeError(w, r, code, msg)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), RequestTimeout)
	defer cancel()
	rc := http.NewResponseController(w)
	started := false
	for u, err := range h.a.Send(ctx, r.PathValue("id"), m) {
		if err != nil {
			if !started {
				writeError(w, r, status(err), userText(err))
			} else {
				writeEvent(w, "error", ErrorResponse{Error: userText(err), RequestID: httpgate.RequestID(r.Context())})
				rc.Flush()
			}
			return
		}
		if !started {
			hd := w.Header()
			hd.Set("Content-Type", "text/event-stream")
			hd.Set("Cache-Control", "no-cache")
			hd.Set("X-Accel-Buffering", "no") // proxies: pass each event on
			w.WriteHeader(http.StatusOK)
			started = true
		}
		var werr error
		switch {
		case u.State != nil:
			werr = writeEvent(w, "state", u.State)
		case u.Answer != nil:
			werr = writeEvent(w, "done", u.Answer)
		}
		if werr == nil {
			werr = rc.Flush()
		}
		if werr != nil {
			return // the client went away: leaving the loop cancels the turn
		}
	}
}

// writeEvent writes one server-sent event whose data is v as JSON (one
// line: encoding/json escapes newlines in strings).
func writeEvent(w http.ResponseWriter, name string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(ErrorResponse{Error: "encoding the event failed: " + err.Error()})
		name = "error"
	}
	buf := make([]byte, 0, len(b)+len(name)+16)
	buf = append(buf, "event: "...)
	buf = append(buf, name...)
	buf = append(buf, "\ndata: "...)
	buf = append(buf, b...)
	buf = append(buf, "\n\n"...)
	_, err = w.Write(buf)
	return err
}

// mapFeatures answers GET /api/v1/maps/features?bbox=…&zoom=… with a
// GeoJSON FeatureCollection: roads as LineStrings (kind "road", class,
// name), places as Points (kind "place", name, type, place_id), and
// "truncated" when the limits cut it.
func (h *api) mapFeatures(w http.ResponseWriter, r *http.Request) {
	if h.features == nil {
		writeError(w, r, http.StatusServiceUnavailable, "no map data: the server runs without the offline maps engine")
		return
	}
	req, err := parseFeatureQuery(r.URL.Query().Get("bbox"), r.URL.Query().Get("zoom"))
	if err != nil {
		writeError(w, r, http.StatusBadRequest, err.Error())
		return
	}
	f, err := h.features.Features(r.Context(), req)
	if err != nil {
		code := http.StatusInternalServerError
		if errors.Is(err, geo.ErrInvalidRequest) {
			code = http.StatusBadRequest
		}
		writeError(w, r, code, strings.TrimPrefix(err.Error(), geo.StatusInvalidRequest+": "))
		return
	}
	w.Header().Set("Content-Type", "application/geo+json")
	w.Header().Set("Cache-Control", "max-age=300")
	w.Write(appendGeoJSON(make([]byte, 0, 64<<10), f))
}

// parseFeatureQuery reads the bbox and zoom parameters, naming what is
// wrong with them.
func parseFeatureQuery(bbox, zoom string) (geo.FeatureRequest, error) {
	var req geo.FeatureRequest
	if bbox == "" {
		return req, errors.New("bbox is required: bbox=minLng,minLat,maxLng,maxLat in degrees")
	}
	parts := strings.Split(bbox, ",")
	if len(parts) != 4 {
		return req, fmt.Errorf("bbox %q: want 4 numbers minLng,minLat,maxLng,maxLat, got %d", shorten(bbox), len(parts))
	}
	var v [4]float64
	for i, p := range parts {
		x, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil {
			return req, fmt.Errorf("bbox %s %q is not a number", [4]string{"minLng", "minLat", "maxLng", "maxLat"}[i], shorten(p))
		}
		v[i] = x
	}
	req.BBox = geo.BBox{MinLng: v[0], MinLat: v[1], MaxLng: v[2], MaxLat: v[3]}
	if zoom == "" {
		return req, fmt.Errorf("zoom is required: a whole number 0..%d", geo.MaxZoom)
	}
	z, err := strconv.Atoi(strings.TrimSpace(zoom))
	if err != nil {
		return req, fmt.Errorf("zoom %q: want a whole number 0..%d", shorten(zoom), geo.MaxZoom)
	}
	req.Zoom = z
	return req, nil
}

func shorten(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// appendGeoJSON writes f as a FeatureCollection, coordinates to 1e-6
// degrees (about 10 cm).
func appendGeoJSON(b []byte, f geo.MapFeatures) []byte {
	coord := func(b []byte, p geo.LatLng) []byte {
		b = append(b, '[')
		b = strconv.AppendFloat(b, float64(int64(p.Lng*1e6+copysign(p.Lng)))/1e6, 'f', -1, 64)
		b = append(b, ',')
		b = strconv.AppendFloat(b, float64(int64(p.Lat*1e6+copysign(p.Lat)))/1e6, 'f', -1, 64)
		return append(b, ']')
	}
	str := func(b []byte, s string) []byte {
		q, _ := json.Marshal(s)
		return append(b, q...)
	}
	b = append(b, `{"type":"FeatureCollection","features":[`...)
	first := true
	sep := func(b []byte) []byte {
		if !first {
			b = append(b, ',')
		}
		first = false
		return b
	}
	for _, r := range f.Roads {
		b = sep(b)
		b = append(b, `{"type":"Feature","geometry":{"type":"LineString","coordinates":[`...)
		for i, p := range r.Line {
			if i > 0 {
				b = append(b, ',')
			}
			b = coord(b, p)
		}
		b = append(b, `]},"properties":{"kind":"road","class":`...)
		b = str(b, r.Class)
		b = append(b, `,"name":`...)
		b = str(b, r.Name)
		b = append(b, `}}`...)
	}
	for _, p := range f.Places {
		b = sep(b)
		b = append(b, `{"type":"Feature","geometry":{"type":"Point","coordinates":`...)
		b = coord(b, p.Location)
		b = append(b, `},"properties":{"kind":"place","name":`...)
		b = str(b, p.Name)
		b = append(b, `,"type":`...)
		b = str(b, p.Type)
		b = append(b, `,"place_id":`...)
		b = str(b, p.PlaceID)
		b = append(b, `}}`...)
	}
	b = append(b, `],"truncated":`...)
	b = strconv.AppendBool(b, f.Truncated)
	return append(b, "}\n"...)
}

// copysign is half a unit of the sixth decimal with x's sign, to round.
func copysign(x float64) float64 {
	if x < 0 {
		return -0.5
	}
	return 0.5
}
