package trace

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/internal/input"
)

// MaxLine is the longest line Read accepts, in bytes. A longer line is
// skipped and reported as a LineError wrapping ErrLineTooLong.
const MaxLine = 16 << 20

// ErrLineTooLong is wrapped by the LineError for a line longer than MaxLine.
var ErrLineTooLong = errors.New("line too long")

// LineError reports a line of a JSONL trace that is not a valid event.
type LineError struct {
	Line int // 1-based line number
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }

func (e *LineError) Unwrap() error { return e.Err }

// Read yields the events of a JSONL trace read from r. A line that is not a
// JSON event object, or has no kind, yields a *LineError naming the line and
// reading goes on with the next line; blank lines are skipped. An error
// reading r itself is yielded last and ends the sequence.
func Read(r io.Reader) iter.Seq2[event.Event, error] {
	return func(yield func(event.Event, error) bool) {
		br := bufio.NewReaderSize(r, 64<<10)
		var buf []byte
		for n := 1; ; n++ {
			line, tooLong, err := input.ReadLine(br, &buf, MaxLine)
			if err != nil && err != io.EOF {
				// line is cut short by the failure, not by the writer.
				yield(event.Event{}, fmt.Errorf("trace: read after line %d: %w", n-1, err))
				return
			}
			if len(bytes.TrimSpace(line)) > 0 || tooLong {
				ev, lerr := decodeLine(line, tooLong)
				if lerr != nil {
					if !yield(event.Event{}, &LineError{Line: n, Err: lerr}) {
						return
					}
				} else if !yield(ev, nil) {
					return
				}
			}
			if err == io.EOF {
				return
			}
		}
	}
}

// MaxFile is the most ReadFile reads of one trace, in bytes: far more than
// any run writes, and it stops a device that never ends (/dev/zero).
const MaxFile = input.TraceLimit

// ReadFile yields the events of the JSONL trace at path, like Read. Failing
// to open the file yields one error; a file longer than MaxFile yields an
// *input.TooLargeError naming it after the events before the limit.
func ReadFile(path string) iter.Seq2[event.Event, error] {
	return func(yield func(event.Event, error) bool) {
		f, err := os.Open(path)
		if err != nil {
			yield(event.Event{}, fmt.Errorf("trace: %w", err))
			return
		}
		defer f.Close()
		for ev, err := range Read(input.LimitReader(f, path, MaxFile)) {
			if !yield(ev, err) {
				return
			}
		}
	}
}

func decodeLine(line []byte, tooLong bool) (event.Event, error) {
	if tooLong {
		return event.Event{}, fmt.Errorf("%w (more than %d bytes)", ErrLineTooLong, MaxLine)
	}
	var ev event.Event
	if err := json.Unmarshal(line, &ev); err != nil {
		// input.JSONError: in the line's terms (expected an object, got a
		// list), not Go's (Go value of type event.Event)
		return event.Event{}, fmt.Errorf("not a JSON event: %w", input.JSONError(line, err))
	}
	if ev.Kind == "" {
		return event.Event{}, errors.New(`event has no "kind"`)
	}
	return ev, nil
}
