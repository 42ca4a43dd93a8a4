package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"unicode/utf8"
)

// Transport failures of a model call. Providers wrap them so callers (and
// Decide's fallback reason) can tell why a call failed with errors.Is.
var (
	// ErrUnreachable means no connection could be made to the model server.
	ErrUnreachable = errors.New("model server unreachable")
	// ErrTimeout means the call ran past its deadline.
	ErrTimeout = errors.New("model call timed out")
	// ErrBadReply means the server answered 2xx with something that is not
	// the protocol's reply.
	ErrBadReply = errors.New("malformed model reply")
)

// StatusError is a non-2xx HTTP answer from a model server.
type StatusError struct {
	URL  string
	Code int
	// Body is an excerpt of the response body, usually the server's own
	// error message.
	Body string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("model server %s answered HTTP %d: %s", e.URL, e.Code, e.Body)
}

// maxExcerpt bounds how much of an error body is kept.
const maxExcerpt = 512

// excerpt returns at most maxExcerpt bytes of s, cut on a rune boundary.
func excerpt(s string) string {
	s = strings.TrimSpace(s)
	if len(s) <= maxExcerpt {
		return s
	}
	cut := maxExcerpt
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// post sends body as JSON to url and returns the response when it is 2xx.
// Failures are wrapped with ErrUnreachable, ErrTimeout or a *StatusError.
func post(ctx context.Context, c *http.Client, url string, body []byte, header http.Header) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("model request to %s: %w", url, err)
	}
	req.Header.Set("Content-Type", "application/json")
	for k, vs := range header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	if c == nil {
		c = http.DefaultClient
	}
	resp, err := c.Do(req)
	if err != nil {
		return nil, classify(ctx, url, err)
	}
	if resp.StatusCode/100 != 2 {
		defer resp.Body.Close()
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 4*maxExcerpt))
		return nil, &StatusError{URL: url, Code: resp.StatusCode, Body: excerpt(errorMessage(b))}
	}
	return resp, nil
}

// classify wraps a transport error with the sentinel that says why it failed.
func classify(ctx context.Context, url string, err error) error {
	if errors.Is(err, ErrTimeout) || errors.Is(err, ErrUnreachable) || errors.Is(err, context.Canceled) && ctx.Err() != nil {
		return err
	}
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("%s: %w: %w", url, ErrTimeout, err)
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return fmt.Errorf("%s: %w: %w", url, ErrTimeout, err)
	}
	var oe *net.OpError
	var de *net.DNSError
	if errors.As(err, &oe) && oe.Op == "dial" || errors.As(err, &de) {
		return fmt.Errorf("%s: %w: %w", url, ErrUnreachable, err)
	}
	return fmt.Errorf("model call to %s: %w", url, err)
}

// errorMessage pulls the message out of the error bodies Ollama
// ({"error":"..."}) and OpenAI ({"error":{"message":"..."}}) send; any other
// body is returned as is.
func errorMessage(b []byte) string {
	var v struct {
		Error any `json:"error"`
	}
	if json.Unmarshal(b, &v) == nil {
		switch e := v.Error.(type) {
		case string:
			return e
		case map[string]any:
			if m, ok := e["message"].(string); ok {
				return m
			}
		}
	}
	return string(b)
}
