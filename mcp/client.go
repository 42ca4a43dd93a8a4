package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cairn-agents/cairn/tool"
)

// ErrClosed is returned by calls on a Client after Close.
var ErrClosed = errors.New("mcp client closed")

// Options configure a Client. The zero value is usable.
type Options struct {
	// Env is added to the environment of a command server.
	Env []string
	// Stderr receives a command server's stderr; nil discards it.
	Stderr io.Writer
	// HTTPClient reaches a URL server; nil means http.DefaultClient.
	HTTPClient *http.Client
	// Logger logs reconnects; nil means slog.Default().
	Logger *slog.Logger
	// CallTimeout bounds a call or tool listing whose context has no
	// deadline; zero means DefaultCallTimeout. ConnectTimeout bounds the
	// handshake (starting a command server included) the same way; zero
	// means DefaultConnectTimeout. A server that never answers cannot hang
	// its caller.
	CallTimeout, ConnectTimeout time.Duration
}

// Deadlines for calls whose context has none (see Options).
const (
	DefaultCallTimeout    = 2 * time.Minute
	DefaultConnectTimeout = 30 * time.Second
)

// bounded returns ctx with deadline d (or def when d is zero) unless ctx
// already has one.
func bounded(ctx context.Context, d, def time.Duration) (context.Context, context.CancelFunc) {
	if _, ok := ctx.Deadline(); ok && d <= 0 {
		return ctx, func() {}
	}
	if d <= 0 {
		d = def
	}
	return context.WithTimeout(ctx, d)
}

// Client is a connection to one MCP server that reconnects on demand: when
// the server process dies or the HTTP session is lost, the call in flight
// fails with tool.ErrTransient and the next call starts a new process (or
// session). It is safe for concurrent use.
type Client struct {
	target  string
	command []string // nil for a URL target
	opts    Options
	sdk     *sdk.Client

	lock chan struct{} // held while reading or replacing sess
	sess *session
	shut bool
	bg   sync.WaitGroup
}

// Connect connects to the MCP server named by target: an http:// or
// https:// URL is reached over streamable HTTP; anything else is a command
// line (split like a shell would, without expansion) started as a
// subprocess speaking MCP over stdio. It fails if the first connection
// fails.
func Connect(ctx context.Context, target string, opts *Options) (*Client, error) {
	c := &Client{target: target, lock: make(chan struct{}, 1)}
	if opts != nil {
		c.opts = *opts
	}
	if c.opts.Logger == nil {
		c.opts.Logger = slog.Default()
	}
	if !isURL(target) {
		words, err := splitCommand(target)
		if err != nil {
			return nil, fmt.Errorf("mcp server: %w", err)
		}
		c.command = words
	}
	c.sdk = sdk.NewClient(&sdk.Implementation{Name: "cairn", Version: "1"}, nil)
	if _, err := c.session(ctx); err != nil {
		return nil, err
	}
	return c, nil
}

func isURL(s string) bool {
	return strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://")
}

// Target returns the URL or command line the client connects to.
func (c *Client) Target() string { return c.target }

func (c *Client) transport() sdk.Transport {
	if c.command == nil {
		return &sdk.StreamableClientTransport{
			Endpoint:             c.target,
			HTTPClient:           c.opts.HTTPClient,
			DisableStandaloneSSE: true,
			// The SDK's default (5 reconnects with backoff) keeps a call
			// to a dead server hanging for about 20s; fail fast and let
			// tool.Retry decide.
			MaxRetries: 1,
		}
	}
	cmd := exec.Command(c.command[0], c.command[1:]...)
	if len(c.opts.Env) > 0 {
		cmd.Env = append(os.Environ(), c.opts.Env...)
	}
	cmd.Stderr = c.opts.Stderr
	return &commandTransport{cmd: cmd, terminate: 2 * time.Second}
}

// session returns the live session, connecting a new one if there is none
// or the current one's server has gone.
func (c *Client) session(ctx context.Context) (*session, error) {
	select {
	case c.lock <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	defer func() { <-c.lock }()
	if c.shut {
		return nil, ErrClosed
	}
	if s := c.sess; s != nil {
		if !s.readDead.Load() {
			return s, nil
		}
		c.sess = nil
		c.closeLater(s)
	}
	s := &session{}
	t := c.transport()
	if c.command != nil {
		t = &watchedTransport{Transport: t, s: s}
	}
	// The SDK ties the session to the context it connects with; the session
	// must outlive this caller, whose context only bounds the handshake.
	ctx, cancelWait := bounded(ctx, c.opts.ConnectTimeout, DefaultConnectTimeout)
	defer cancelWait()
	sctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	stop := context.AfterFunc(ctx, cancel)
	cs, err := c.sdk.Connect(sctx, t, nil)
	if !stop() {
		if err == nil {
			c.bg.Go(func() { cs.Close() })
		}
		cancel()
		return nil, fmt.Errorf("mcp server %s: connect: %w", c.target, ctx.Err())
	}
	if err != nil {
		cancel()
		return nil, fmt.Errorf("mcp server %s: connect: %w", c.target, err)
	}
	s.cs, s.cancel = cs, cancel
	c.sess = s
	// Forget the session as soon as it ends so the next call starts a new
	// one instead of failing.
	c.bg.Go(func() {
		cs.Wait()
		c.drop(s)
	})
	return s, nil
}

// drop forgets s if it is still the current session and closes it.
func (c *Client) drop(s *session) {
	c.lock <- struct{}{}
	defer func() { <-c.lock }()
	if c.sess == s {
		c.sess = nil
		c.closeLater(s)
	}
}

// closeLater closes s in the background; c.lock is held.
func (c *Client) closeLater(s *session) {
	c.opts.Logger.Info("mcp session ended; the next call reconnects", "server", c.target)
	c.bg.Go(func() {
		s.cs.Close()
		s.cancel()
	})
}

// Tools lists the server's tools as tool.Tool values whose calls go
// through c.
func (c *Client) Tools(ctx context.Context) ([]tool.Tool, error) {
	ctx, cancel := bounded(ctx, c.opts.CallTimeout, DefaultCallTimeout)
	defer cancel()
	out, err := c.listTools(ctx)
	if err != nil && notDelivered(err) {
		// The request never reached the server: try a fresh session.
		out, err = c.listTools(ctx)
	}
	return out, err
}

func (c *Client) listTools(ctx context.Context) ([]tool.Tool, error) {
	sess, err := c.session(ctx)
	if err != nil {
		return nil, err
	}
	var out []tool.Tool
	for t, err := range sess.cs.Tools(ctx, nil) {
		if err != nil {
			var rpcErr *jsonrpc.Error
			if answered := errors.As(err, &rpcErr) && rpcErr.Code != codeRejected; !answered && ctx.Err() == nil {
				c.drop(sess)
			}
			return nil, fmt.Errorf("mcp server %s: list tools: %w", c.target, err)
		}
		schema, err := json.Marshal(t.InputSchema)
		if err != nil {
			return nil, fmt.Errorf("mcp server %s: tool %q: input schema: %w", c.target, t.Name, err)
		}
		out = append(out, &remoteTool{c: c, spec: tool.Spec{Name: t.Name, Description: t.Description, InputSchema: schema}})
	}
	return out, nil
}

// Tool returns the server's tool called name without listing the tools
// first; its Spec has the name only.
func (c *Client) Tool(name string) tool.Tool {
	return &remoteTool{c: c, spec: tool.Spec{Name: name}}
}

// Registry lists the server's tools into a new registry.
func (c *Client) Registry(ctx context.Context) (*tool.Registry, error) {
	tools, err := c.Tools(ctx)
	if err != nil {
		return nil, err
	}
	return tool.NewRegistry(tools...)
}

// Call calls the server's tool name with args (a JSON object; empty means
// no arguments). Failures are *tool.Error values: ErrTransient when the
// server could not be reached or died during the call, ErrPermanent when
// the tool reported an error (isError) or the server refused the call,
// ErrUnknownTool when the server has no such tool, ErrBadArgs when args is
// not a JSON object.
func (c *Client) Call(ctx context.Context, name string, args json.RawMessage) (json.RawMessage, error) {
	params := &sdk.CallToolParams{Name: name}
	if t := strings.TrimSpace(string(args)); t != "" && t != "null" {
		if !json.Valid(args) || t[0] != '{' {
			return nil, tool.BadArgs(name, errors.New("arguments are not a JSON object"))
		}
		params.Arguments = json.RawMessage(t)
	}
	ctx, cancel := bounded(ctx, c.opts.CallTimeout, DefaultCallTimeout)
	defer cancel()
	for attempt := 0; ; attempt++ {
		sess, err := c.session(ctx)
		if err != nil {
			if errors.Is(err, ErrClosed) || ctx.Err() != nil {
				return nil, c.ctxErr(ctx, name, err)
			}
			return nil, tool.Transient(name, err)
		}
		sentBefore := sess.sent.Load()
		res, err := sess.cs.CallTool(ctx, params)
		if err == nil {
			return resultJSON(name, res)
		}
		if ctx.Err() != nil {
			return nil, c.ctxErr(ctx, name, err)
		}
		var rpcErr *jsonrpc.Error
		answered := errors.As(err, &rpcErr) && rpcErr.Code != codeRejected
		switch {
		case answered && rpcErr.Code == jsonrpc.CodeInvalidParams && strings.Contains(rpcErr.Message, "unknown tool"):
			return nil, &tool.Error{Tool: name, Kind: tool.ErrUnknownTool, Err: fmt.Errorf("mcp server %s: %w", c.target, err)}
		case answered && rpcErr.Code == jsonrpc.CodeInvalidParams:
			return nil, tool.BadArgs(name, fmt.Errorf("mcp server %s: %w", c.target, err))
		case answered:
			// The server refused the call; the session is fine.
			return nil, tool.Permanent(name, fmt.Errorf("mcp server %s: %w", c.target, err))
		}
		c.drop(sess)
		// A request that provably never reached the server is safe to send
		// once more on a fresh session.
		unsent := c.command != nil && sess.sent.Load() == sentBefore
		if attempt == 0 && (unsent || notDelivered(err)) {
			continue
		}
		return nil, tool.Transient(name, fmt.Errorf("mcp server %s: %w", c.target, err))
	}
}

// codeRejected is the JSON-RPC code the SDK gives a request its transport
// could not deliver (HTTP failures, unknown session).
const codeRejected = -32005

// notDelivered reports whether err says the request did not reach the
// server: the session was already closed, the server no longer knows the
// HTTP session, or the HTTP connection could not be made.
func notDelivered(err error) bool {
	var op *net.OpError
	return errors.Is(err, sdk.ErrConnectionClosed) || errors.Is(err, sdk.ErrSessionMissing) ||
		(errors.As(err, &op) && op.Op == "dial")
}

func (c *Client) ctxErr(ctx context.Context, name string, err error) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return tool.Transient(name, fmt.Errorf("mcp server %s: %w", c.target, ctx.Err()))
	}
	if ctx.Err() != nil {
		return fmt.Errorf("tool %s: mcp server %s: %w", name, c.target, ctx.Err())
	}
	return fmt.Errorf("tool %s: %w", name, err)
}

// Close ends the session (closing a command server's stdin and waiting for
// it to exit, then terminating it) and makes later calls fail with
// ErrClosed.
func (c *Client) Close() error {
	c.lock <- struct{}{}
	sess := c.sess
	c.sess, c.shut = nil, true
	<-c.lock
	var err error
	if sess != nil {
		err = sess.cs.Close()
		sess.cancel()
	}
	c.bg.Wait()
	return err
}

// remoteTool is one tool of an MCP server.
type remoteTool struct {
	c    *Client
	spec tool.Spec
}

func (t *remoteTool) Spec() tool.Spec { return t.spec }

func (t *remoteTool) Call(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
	return t.c.Call(ctx, t.spec.Name, args)
}
