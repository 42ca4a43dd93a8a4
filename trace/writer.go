package trace

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/cairn-agents/cairn/event"
)

// ErrClosed is returned by Writer methods called after Close.
var ErrClosed = errors.New("trace: writer closed")

// Writer writes events as JSONL, one JSON object per line. It buffers
// output; Flush and Close write the buffer out, and the buffer is also
// flushed after every run_end and error event so a crashed run keeps the
// record of what went wrong. A Writer is safe for concurrent use.
type Writer struct {
	mu     sync.Mutex
	bw     *bufio.Writer
	closer io.Closer // nil when the Writer does not own the destination
	err    error     // first error from Emit, reported by Err, Flush and Close
	closed bool
}

// NewWriter returns a Writer that writes to w. Close flushes but does not
// close w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{bw: bufio.NewWriterSize(w, 64<<10)}
}

// Create creates (or truncates) the file at path and returns a Writer that
// owns it: Close flushes and closes the file.
func Create(path string) (*Writer, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("trace: %w", err)
	}
	w := NewWriter(f)
	w.closer = f
	return w, nil
}

// Write encodes e as one line. It returns an error when e cannot be encoded
// (for example a State that is not valid JSON) or the destination fails;
// an event that fails to encode writes nothing.
func (w *Writer) Write(e event.Event) error {
	line, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("trace: encode %s event: %w", e.Kind, err)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return ErrClosed
	}
	if _, err := w.bw.Write(append(line, '\n')); err != nil {
		return fmt.Errorf("trace: write: %w", err)
	}
	if e.Kind == event.RunEnd || e.Kind == event.Error {
		if err := w.bw.Flush(); err != nil {
			return fmt.Errorf("trace: write: %w", err)
		}
	}
	return nil
}

// Emit writes e like Write and keeps the first error for Err and Close, so
// that w.Emit can be used as an event.Sink.
func (w *Writer) Emit(e event.Event) {
	if err := w.Write(e); err != nil {
		w.mu.Lock()
		if w.err == nil {
			w.err = err
		}
		w.mu.Unlock()
	}
}

// Err returns the first error Emit met, if any.
func (w *Writer) Err() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}

// Flush writes buffered events to the destination.
func (w *Writer) Flush() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return ErrClosed
	}
	if err := w.bw.Flush(); err != nil {
		return fmt.Errorf("trace: write: %w", err)
	}
	return w.err
}

// Close flushes buffered events, closes the destination if the Writer owns
// it, and returns the first error met by Emit, the flush or the close.
// Calling Close again returns nil.
func (w *Writer) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return nil
	}
	w.closed = true
	errs := []error{w.err}
	if err := w.bw.Flush(); err != nil {
		errs = append(errs, fmt.Errorf("trace: write: %w", err))
	}
	if w.closer != nil {
		if err := w.closer.Close(); err != nil {
			errs = append(errs, fmt.Errorf("trace: close: %w", err))
		}
	}
	return errors.Join(errs...)
}
