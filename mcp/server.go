package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cairn-agents/cairn/internal/input"
	"github.com/cairn-agents/cairn/tool"
)

// Server exposes the tools of a tool.Registry over MCP. The tool list is
// read from the registry when the Server is made. A tool's error becomes an
// isError result carrying the error text, so a model can read it; bad
// arguments too.
type Server struct {
	srv   *sdk.Server
	log   *slog.Logger
	front func(http.Handler) http.Handler
}

// ServerOptions configure a Server. The zero value is usable.
type ServerOptions struct {
	Name    string       // reported to clients; default "cairn"
	Version string       // default "dev"
	Logger  *slog.Logger // nil discards the SDK's logs
	// Front wraps the handler ServeListener serves, to decide who may call
	// (API keys, rate limits); nil serves Handler as it is.
	Front func(http.Handler) http.Handler
}

// NewServer returns a server for the tools in reg.
func NewServer(reg *tool.Registry, opts *ServerOptions) (*Server, error) {
	var o ServerOptions
	if opts != nil {
		o = *opts
	}
	if o.Name == "" {
		o.Name = "cairn"
	}
	if o.Version == "" {
		o.Version = "dev"
	}
	log := o.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	srv := sdk.NewServer(&sdk.Implementation{Name: o.Name, Version: o.Version}, &sdk.ServerOptions{Logger: log})
	for _, spec := range reg.Specs() {
		schema, err := objectSchema(spec)
		if err != nil {
			return nil, err
		}
		t, ok := reg.Get(spec.Name)
		if !ok {
			continue // removed since Specs was read
		}
		srv.AddTool(&sdk.Tool{Name: spec.Name, Description: spec.Description, InputSchema: schema}, handler(t, log))
	}
	return &Server{srv: srv, log: log, front: o.Front}, nil
}

// objectSchema returns the tool's input schema, which MCP requires to be a
// JSON object of type "object"; a tool without one takes any object.
func objectSchema(spec tool.Spec) (json.RawMessage, error) {
	if len(strings.TrimSpace(string(spec.InputSchema))) == 0 {
		return json.RawMessage(`{"type":"object"}`), nil
	}
	var m map[string]any
	if err := json.Unmarshal(spec.InputSchema, &m); err != nil {
		return nil, fmt.Errorf("mcp server: tool %q: input schema is not a JSON object: %w", spec.Name, err)
	}
	if m["type"] != "object" {
		return nil, fmt.Errorf("mcp server: tool %q: input schema type is %v, MCP needs \"object\"", spec.Name, m["type"])
	}
	return spec.InputSchema, nil
}

// TextResulter is implemented by a tool whose results a Server sends as a
// single text item, without the structuredContent copy it otherwise adds to
// an object result. MCP makes structuredContent optional for a tool without
// an output schema (and tool.Spec has none); leaving it out suits a tool
// that mirrors a server predating it, such as the Google Maps server, and a
// large result, which the copy doubles on the wire and in every client's
// decoding. Clients read the text either way.
type TextResulter interface {
	TextResultOnly() bool
}

func handler(t tool.Tool, log *slog.Logger) sdk.ToolHandler {
	tr, ok := t.(TextResulter)
	textOnly := ok && tr.TextResultOnly()
	return func(ctx context.Context, req *sdk.CallToolRequest) (out *sdk.CallToolResult, _ error) {
		// A bug in one tool must not take the server down with it.
		defer func() {
			if p := recover(); p != nil {
				log.Error("tool panicked", "tool", t.Spec().Name, "panic", p, "stack", string(debug.Stack()))
				out = errorResult(fmt.Sprintf("internal error: tool %s panicked: %v", t.Spec().Name, p))
			}
		}()
		ctx, release := withRequestCancel(ctx)
		defer release()
		res, err := t.Call(ctx, req.Params.Arguments)
		if err != nil {
			return errorResult(errorText(err)), nil
		}
		out = &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: string(res)}}}
		// Structured content only for objects: older clients expect one.
		if t := strings.TrimSpace(string(res)); !textOnly && strings.HasPrefix(t, "{") {
			out.StructuredContent = json.RawMessage(t)
		}
		return out, nil
	}
}

func errorResult(text string) *sdk.CallToolResult {
	return &sdk.CallToolResult{IsError: true, Content: []sdk.Content{&sdk.TextContent{Text: text}}}
}

// errorText is what a client sees of err. The client already knows the
// tool's name and that the call failed, so a *tool.Error gives its cause,
// prefixed by its kind ("bad tool arguments: ...") unless that is plain
// ErrPermanent; a Cairn client reads the kind back (kindFromText).
func errorText(err error) string {
	var te *tool.Error
	if !errors.As(err, &te) || te.Err == nil {
		return err.Error()
	}
	if te.Kind == tool.ErrPermanent {
		return te.Err.Error()
	}
	return fmt.Sprintf("%v: %v", te.Kind, te.Err)
}

// Serve serves one session over t until it ends or ctx is done.
func (s *Server) Serve(ctx context.Context, t sdk.Transport) error {
	err := s.srv.Run(ctx, t)
	if errors.Is(err, context.Canceled) && ctx.Err() != nil {
		return nil
	}
	return err
}

// Handler returns an http.Handler speaking streamable HTTP on any path.
// It is stateless: every request stands alone (no Mcp-Session-Id), so a
// restarted server or another replica behind a load balancer answers any
// request, and a call whose HTTP request is cancelled (the client went
// away) is cancelled in the tool too. A body that is not a JSON-RPC message
// the SDK accepts gets a JSON-RPC error answer (400, or 413 past 4 MiB).
func (s *Server) Handler() http.Handler {
	h := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return s.srv },
		&sdk.StreamableHTTPOptions{Logger: s.log, Stateless: true, PropagateRequestCancellation: true, MaxRequestBodyBytes: 2 * maxMessage})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
			h.ServeHTTP(w, r) // the SDK's own answers (405, 415) say what is wrong
			return
		}
		body, err := input.ReadBody(w, r, maxMessage)
		if err != nil {
			writeRPCError(w, input.Status(err), jsonrpc.CodeInvalidRequest, "invalid request: "+err.Error())
			return
		}
		v := vetMessage(body, batchesOK(r.Header.Get("Mcp-Protocol-Version")), nil)
		if v.reply != nil {
			s.log.Warn("mcp: rejected a malformed request", "answer", string(v.reply))
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			w.Write(v.reply)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		r.ContentLength = int64(len(body))
		// The SDK runs a call with its request's values but, before protocol
		// version 2026-07-28, not its cancellation; handler restores that.
		h.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), requestContextKey{}, r.Context())))
	})
}

// requestContextKey holds the context of the HTTP request a call came in.
type requestContextKey struct{}

// withRequestCancel returns ctx, cancelled also when the HTTP request that
// carried the call ends, and a func to release it.
func withRequestCancel(ctx context.Context) (context.Context, func()) {
	rctx, ok := ctx.Value(requestContextKey{}).(context.Context)
	if !ok {
		return ctx, func() {}
	}
	ctx, cancel := context.WithCancelCause(ctx)
	stop := context.AfterFunc(rctx, func() { cancel(fmt.Errorf("the client went away: %w", context.Cause(rctx))) })
	return ctx, func() { stop(); cancel(nil) }
}

// batchesOK reports whether a request in protocol version v (the
// Mcp-Protocol-Version header; none means 2025-03-26) may be a batch.
func batchesOK(v string) bool { return v == "" || v < noBatches }

func writeRPCError(w http.ResponseWriter, status int, code int64, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(errorReply(nil, code, msg))
}

// ServeListener serves streamable HTTP on ln until ctx is done, then shuts down
// gracefully (waiting up to 5s for calls in flight).
func (s *Server) ServeListener(ctx context.Context, ln net.Listener) error {
	h := s.Handler()
	if s.front != nil {
		h = s.front(h)
	}
	hs := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second, // bodies are small; a call may then take as long as it needs
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		hs.Close()
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
