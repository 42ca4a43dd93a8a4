// Package httpgate is the front door of Cairn's HTTP server: who may call
// (API keys, as bearer tokens), how often (a rate limit per key, or per
// client address when no key is needed), from which web pages (CORS), how
// long a request body may take to arrive, and a request ID on every
// request, answer and log line.
//
//	h, err := httpgate.New(mux, httpgate.Options{Keys: keys, Rate: 5, Burst: 10})
//	srv := &http.Server{Handler: h, ReadTimeout: 30 * time.Second}
//
// A key is compared in constant time and never logged or echoed: logs and
// answers name a key by its name ("key 2" unless the key file names it).
package httpgate

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"math"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/cairn-agents/cairn/internal/input"
)

// Key is one API key.
type Key struct {
	Name   string // what logs and answers call it
	Secret string // the bearer token; never logged
}

// Options configure a gate. The zero value lets every request through,
// with request IDs, a 1 MiB body limit and no CORS.
type Options struct {
	// Keys are the accepted API keys; none means no key is needed.
	Keys []Key
	// Open lists paths that need no key (health checks), exactly.
	Open []string
	// Rate is the requests per second allowed to each key (or, for
	// requests without a valid key, to each client address); 0 means no
	// limit. Burst is how many may come at once; default max(1, 2*Rate).
	Rate  float64
	Burst int
	// Origins are the web origins ("https://maps.example.com") whose
	// pages may call the API from a browser; "*" allows any. None allows
	// only pages the server itself serves (same origin).
	Origins []string
	// MaxBody bounds a request body, read before the handler runs so a
	// body too large (413) or too slow to arrive (408) is answered the
	// same way for every route; default 1 MiB.
	MaxBody int64
	// Logger receives one line per request with its ID; nil discards.
	Logger *slog.Logger
}

// New returns next behind the gate.
func New(next http.Handler, opts Options) (http.Handler, error) {
	g := &gate{next: next, opts: opts, buckets: map[string]*bucket{}}
	for i, k := range opts.Keys {
		if strings.TrimSpace(k.Secret) == "" {
			return nil, errors.New("an API key is empty")
		}
		name := k.Name
		if name == "" {
			name = "key " + strconv.Itoa(i+1)
		}
		g.keys = append(g.keys, hashedKey{name: name, sum: sha256.Sum256([]byte(k.Secret))})
	}
	if g.opts.MaxBody <= 0 {
		g.opts.MaxBody = 1 << 20
	}
	if g.opts.Burst <= 0 {
		g.opts.Burst = max(1, int(math.Ceil(2*g.opts.Rate)))
	}
	if g.opts.Logger == nil {
		g.opts.Logger = slog.New(slog.DiscardHandler)
	}
	return g, nil
}

type hashedKey struct {
	name string
	sum  [sha256.Size]byte
}

type gate struct {
	next http.Handler
	opts Options
	keys []hashedKey

	mu      sync.Mutex
	buckets map[string]*bucket
}

type bucket struct {
	lim  *rate.Limiter
	seen time.Time
}

// ErrorBody is the body of every answer the gate gives itself.
type ErrorBody struct {
	Error     string `json:"error"`
	RequestID string `json:"request_id"`
}

type requestIDKey struct{}

// RequestID is the ID the gate gave the request ctx belongs to; "" outside
// a gated request.
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

func (g *gate) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	id := requestID(r.Header.Get("X-Request-ID"))
	r = r.WithContext(context.WithValue(r.Context(), requestIDKey{}, id))
	w.Header().Set("X-Request-ID", id)
	sw := &statusWriter{ResponseWriter: w}
	caller := g.serve(sw, r, id)
	status := sw.status
	if status == 0 {
		status = http.StatusOK
	}
	g.opts.Logger.LogAttrs(r.Context(), slog.LevelInfo, "request",
		slog.String("request_id", id), slog.String("method", r.Method), slog.String("path", r.URL.Path),
		slog.Int("status", status), slog.String("caller", caller), slog.Duration("took", time.Since(start)))
}

// serve answers r and returns who the caller was, for the log.
func (g *gate) serve(w http.ResponseWriter, r *http.Request, id string) string {
	origin := r.Header.Get("Origin")
	if origin != "" && g.originOK(origin) {
		h := w.Header()
		h.Set("Access-Control-Allow-Origin", origin)
		h.Add("Vary", "Origin")
		h.Set("Access-Control-Expose-Headers", "X-Request-ID, Retry-After")
	}
	if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
		// A browser's preflight carries no key; it learns only what the
		// real request will need.
		if origin == "" || !g.originOK(origin) {
			g.refuse(w, http.StatusForbidden, id, "this origin may not call the API from a web page")
			return "preflight"
		}
		h := w.Header()
		h.Set("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
		h.Set("Access-Control-Allow-Headers", "Authorization, Content-Type, X-Request-ID")
		h.Set("Access-Control-Max-Age", "600")
		w.WriteHeader(http.StatusNoContent)
		return "preflight"
	}

	caller, ok := g.authenticate(r)
	if !ok && !slices.Contains(g.opts.Open, r.URL.Path) {
		if !g.allow(w, "addr "+clientAddr(r), id) { // slows down guessing
			return "addr " + clientAddr(r)
		}
		w.Header().Set("WWW-Authenticate", `Bearer realm="cairn"`)
		if r.Header.Get("Authorization") == "" {
			g.refuse(w, http.StatusUnauthorized, id, "an API key is required: send the header Authorization: Bearer <key>")
		} else {
			g.refuse(w, http.StatusUnauthorized, id, "the API key was not recognised")
		}
		return "unknown"
	}
	if !g.allow(w, caller, id) {
		return caller
	}
	if r.Body != nil && r.Body != http.NoBody {
		body, err := input.ReadBody(w, r, g.opts.MaxBody)
		if err != nil {
			g.refuse(w, input.Status(err), id, err.Error())
			return caller
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		r.ContentLength = int64(len(body))
	}
	g.next.ServeHTTP(w, r)
	return caller
}

// authenticate returns the caller's name: its key's, or its address when
// no key is needed. ok is false for a missing or wrong key.
func (g *gate) authenticate(r *http.Request) (caller string, ok bool) {
	if len(g.keys) == 0 {
		return "addr " + clientAddr(r), true
	}
	token, found := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !found {
		return "", false
	}
	sum := sha256.Sum256([]byte(strings.TrimSpace(token)))
	match := -1
	for i, k := range g.keys { // every key, so the time says nothing
		if subtle.ConstantTimeCompare(sum[:], k.sum[:]) == 1 {
			match = i
		}
	}
	if match < 0 {
		return "", false
	}
	return g.keys[match].name, true
}

// allow takes one request from caller's bucket, or answers 429 with
// Retry-After and returns false.
func (g *gate) allow(w http.ResponseWriter, caller, id string) bool {
	if g.opts.Rate <= 0 {
		return true
	}
	now := time.Now()
	g.mu.Lock()
	b, ok := g.buckets[caller]
	if !ok {
		if len(g.buckets) >= maxBuckets {
			g.sweep(now)
		}
		b = &bucket{lim: rate.NewLimiter(rate.Limit(g.opts.Rate), g.opts.Burst)}
		g.buckets[caller] = b
	}
	b.seen = now
	res := b.lim.ReserveN(now, 1)
	delay := res.DelayFrom(now)
	if delay > 0 {
		res.CancelAt(now) // a refused request does not use up the future
	}
	g.mu.Unlock()
	if delay <= 0 {
		return true
	}
	secs := int(math.Ceil(delay.Seconds()))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	g.refuse(w, http.StatusTooManyRequests, id, "too many requests: the limit is "+
		strconv.FormatFloat(g.opts.Rate, 'f', -1, 64)+" per second; retry in "+strconv.Itoa(secs)+" s")
	return false
}

// maxBuckets bounds the callers remembered; past it the idle ones go.
const maxBuckets = 10000

// sweep forgets callers idle long enough for their bucket to be full.
func (g *gate) sweep(now time.Time) {
	full := time.Duration(float64(g.opts.Burst)/g.opts.Rate*float64(time.Second)) + time.Second
	for k, b := range g.buckets {
		if now.Sub(b.seen) > full {
			delete(g.buckets, k)
		}
	}
	if len(g.buckets) >= maxBuckets { // all busy: forget the oldest half
		var seen []time.Time
		for _, b := range g.buckets {
			seen = append(seen, b.seen)
		}
		slices.SortFunc(seen, func(a, b time.Time) int { return a.Compare(b) })
		cut := seen[len(seen)/2]
		for k, b := range g.buckets {
			if b.seen.Before(cut) {
				delete(g.buckets, k)
			}
		}
	}
}

func (g *gate) originOK(origin string) bool {
	return slices.Contains(g.opts.Origins, "*") || slices.Contains(g.opts.Origins, origin)
}

func (g *gate) refuse(w http.ResponseWriter, status int, id, msg string) {
	b, _ := json.Marshal(ErrorBody{Error: msg, RequestID: id})
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}

// requestID keeps a caller's X-Request-ID when it is short and plain, so
// a request can be followed across services; else it makes one.
func requestID(given string) string {
	if n := len(given); n > 0 && n <= 64 && strings.Trim(given, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.:") == "" {
		return given
	}
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// statusWriter records the status a handler answered with.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (s *statusWriter) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusWriter) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	return s.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection (flushes,
// deadlines).
func (s *statusWriter) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// WriteJSON answers with v as JSON and status code. A value that cannot be
// encoded answers 500 and says why, in the {"error": "..."} shape every
// Cairn API answers errors in.
func WriteJSON(w http.ResponseWriter, code int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		code = http.StatusInternalServerError
		b, _ = json.Marshal(ErrorBody{Error: "encoding the answer failed: " + err.Error()})
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	w.Write(append(b, '\n'))
}
