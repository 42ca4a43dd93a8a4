package input

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
)

// ErrSlowBody means a request body did not arrive before the server's
// read deadline.
var ErrSlowBody = errors.New("the request body did not arrive in time")

// ErrBodyRead means the connection failed while the body was being read.
var ErrBodyRead = errors.New("the request body could not be read (the connection failed)")

// ReadBody reads r's body, at most limit bytes. Its errors are fit to
// show the client as they are: a *TooLargeError, ErrSlowBody or
// ErrBodyRead, never the socket error beneath (which names addresses);
// Status gives the HTTP status to answer with.
func ReadBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, error) {
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	if err == nil {
		return b, nil
	}
	var tooBig *http.MaxBytesError
	var ne net.Error
	switch {
	case errors.As(err, &tooBig):
		return nil, &TooLargeError{Name: "the request body", Limit: limit}
	case errors.Is(err, os.ErrDeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
		return nil, ErrSlowBody
	}
	return nil, ErrBodyRead
}

// Status is the HTTP status that answers a ReadBody or DecodeJSON error:
// 413 for a body past its limit, 408 for one that came too slowly, 400
// for anything else.
func Status(err error) int {
	switch {
	case errors.Is(err, ErrTooLarge):
		return http.StatusRequestEntityTooLarge
	case errors.Is(err, ErrSlowBody):
		return http.StatusRequestTimeout
	}
	return http.StatusBadRequest
}

// ErrEmptyBody is ReadJSON's error for a body with nothing in it.
var ErrEmptyBody = errors.New("the body is empty")

// ReadJSON reads r's body (see ReadBody) and decodes the one JSON value in
// it into v (see DecodeJSON). shape is the body wanted, as the errors show
// it (`{"query": "..."}`). An empty body is an error wrapping ErrEmptyBody,
// unless optional, when v is left as it is. Status gives the HTTP status
// of its errors.
func ReadJSON(w http.ResponseWriter, r *http.Request, limit int64, v any, shape string, optional bool) error {
	body, err := ReadBody(w, r, limit)
	if err != nil {
		return err
	}
	if len(bytes.TrimSpace(body)) == 0 {
		if optional {
			return nil
		}
		return fmt.Errorf("%w; send a JSON object %s", ErrEmptyBody, shape)
	}
	if err := DecodeJSON(body, v); err != nil {
		return fmt.Errorf("the body is not a JSON object %s: %w", shape, err)
	}
	return nil
}
