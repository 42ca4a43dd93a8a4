package trace

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/cairn-agents/cairn/event"
)

func readAll(t testing.TB, r io.Reader) ([]event.Event, []error) {
	t.Helper()
	var evs []event.Event
	var errs []error
	for ev, err := range Read(r) {
		if err != nil {
			errs = append(errs, err)
			continue
		}
		evs = append(evs, ev)
	}
	return evs, errs
}

func TestWriterReaderRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.jsonl")
	w, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	want := sampleRun()
	for _, e := range want {
		w.Emit(e)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	var got []event.Event
	for ev, err := range ReadFile(path) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, ev)
	}
	if len(got) != len(want) {
		t.Fatalf("read %d events, wrote %d", len(got), len(want))
	}
	for i := range want {
		// Raw JSON values are compared by meaning, not bytes.
		if !equalJSON(t, got[i], want[i]) {
			t.Errorf("event %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
	raw, _ := os.ReadFile(path)
	if n := bytes.Count(raw, []byte("\n")); n != len(want) {
		t.Errorf("file has %d lines, want %d", n, len(want))
	}
}

func equalJSON(t *testing.T, a, b event.Event) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	var va, vb any
	if err := json.Unmarshal(ja, &va); err != nil {
		t.Fatal(err)
	}
	json.Unmarshal(jb, &vb)
	return reflect.DeepEqual(va, vb)
}

func TestWriterConcurrentEmit(t *testing.T) {
	var b bytes.Buffer
	w := NewWriter(&b)
	const workers, each = 8, 200
	var wg sync.WaitGroup
	for i := range workers {
		wg.Go(func() {
			for j := range each {
				w.Emit(event.Event{Time: t0, Kind: event.Note, Node: fmt.Sprint("w", i), Step: j, Message: strings.Repeat("x", 100)})
			}
		})
	}
	wg.Wait()
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	evs, errs := readAll(t, &b)
	if len(errs) > 0 {
		t.Fatalf("corrupt lines after concurrent writes: %v", errs[0])
	}
	if len(evs) != workers*each {
		t.Fatalf("read %d events, want %d", len(evs), workers*each)
	}
	seen := map[string]int{}
	for _, e := range evs {
		if e.Step != seen[e.Node] {
			t.Fatalf("%s: step %d out of order, want %d", e.Node, e.Step, seen[e.Node])
		}
		seen[e.Node]++
	}
}

func TestWriterBuffersUntilFlushOrRunEnd(t *testing.T) {
	var b bytes.Buffer
	w := NewWriter(&b)
	w.Emit(event.Event{Kind: event.Note, Message: "hi"})
	if b.Len() != 0 {
		t.Fatalf("wrote %d bytes before any flush; want buffered", b.Len())
	}
	w.Emit(event.Event{Kind: event.RunEnd})
	if n := bytes.Count(b.Bytes(), []byte("\n")); n != 2 {
		t.Fatalf("after run_end %d lines reached the destination, want 2", n)
	}
	w.Emit(event.Event{Kind: event.Note})
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(b.Bytes(), []byte("\n")); n != 3 {
		t.Fatalf("after Flush %d lines, want 3", n)
	}
}

func TestWriterBadEventKeepsGoing(t *testing.T) {
	var b bytes.Buffer
	w := NewWriter(&b)
	w.Emit(event.Event{Kind: event.StateSet, State: json.RawMessage("{broken")})
	w.Emit(event.Event{Kind: event.Note, Message: "after"})
	err := w.Close()
	if err == nil || !strings.Contains(err.Error(), "encode state event") {
		t.Fatalf("Close error = %v, want the encode failure of the state event", err)
	}
	evs, errs := readAll(t, &b)
	if len(errs) != 0 || len(evs) != 1 || evs[0].Message != "after" {
		t.Fatalf("want only the good event written, got %v %v", evs, errs)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriterReportsDestinationErrors(t *testing.T) {
	w := NewWriter(failWriter{})
	w.Emit(event.Event{Kind: event.Note})
	if err := w.Close(); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("Close = %v, want disk full", err)
	}
	if err := w.Write(event.Event{Kind: event.Note}); !errors.Is(err, ErrClosed) {
		t.Fatalf("Write after Close = %v, want ErrClosed", err)
	}
	if err := w.Close(); err != nil {
		t.Fatalf("second Close = %v, want nil", err)
	}
}

func TestCreateBadPath(t *testing.T) {
	_, err := Create(filepath.Join(t.TempDir(), "no", "such", "dir", "t.jsonl"))
	if !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("Create in a missing dir = %v, want ErrNotExist", err)
	}
}

func TestReadReportsBadLinesAndContinues(t *testing.T) {
	in := strings.Join([]string{
		`{"kind":"run_start","run_id":"r"}`,
		``,
		`{"kind":"note","message":"ok"}`,
		`not json at all`,
		`{"message":"no kind"}`,
		`[1,2]`,
		`{"kind":"note","duration_ns":"soon"}`,
		`{"kind":"run_end"}   `,
		`{"kind":"note"} trailing`,
		`{"kind":"note","message":"last, no newline"}`,
	}, "\r\n")
	evs, errs := readAll(t, strings.NewReader(in))
	if len(evs) != 4 {
		t.Errorf("read %d good events, want 4: %+v", len(evs), evs)
	}
	if len(evs) == 4 && evs[3].Message != "last, no newline" {
		t.Errorf("last event = %+v", evs[3])
	}
	wantLines := []int{4, 5, 6, 7, 9}
	if len(errs) != len(wantLines) {
		t.Fatalf("got %d errors, want %d: %v", len(errs), len(wantLines), errs)
	}
	for i, err := range errs {
		var le *LineError
		if !errors.As(err, &le) || le.Line != wantLines[i] {
			t.Errorf("error %d = %v, want a LineError for line %d", i, err, wantLines[i])
		}
	}
	if !strings.Contains(errs[1].Error(), `line 5: event has no "kind"`) {
		t.Errorf("missing-kind error = %q", errs[1])
	}
	// issue 13: the line's terms, never Go's
	for i, want := range map[int]string{2: "line 6: not a JSON event: expected an object, got a list", 3: `line 7: not a JSON event: field "duration_ns": expected a whole number, got a string`} {
		if !strings.Contains(errs[i].Error(), want) {
			t.Errorf("error %d = %q, want %q", i, errs[i], want)
		}
	}
	for _, err := range errs {
		if s := err.Error(); strings.Contains(s, "Go value") || strings.Contains(s, "Go struct") || strings.Contains(s, "event.Event") {
			t.Errorf("error shows Go's terms: %q", s)
		}
	}
}

func TestReadLongLines(t *testing.T) {
	big := `{"kind":"note","message":"` + strings.Repeat("a", 200<<10) + `"}`
	huge := strings.Repeat("b", MaxLine+10)
	in := big + "\n" + huge + "\n" + `{"kind":"note","message":"after"}` + "\n"
	evs, errs := readAll(t, strings.NewReader(in))
	if len(evs) != 2 || len(evs[0].Message) != 200<<10 || evs[1].Message != "after" {
		t.Fatalf("want the 200 KiB event and the one after the huge line; got %d events", len(evs))
	}
	var le *LineError
	if len(errs) != 1 || !errors.As(errs[0], &le) || le.Line != 2 || !errors.Is(errs[0], ErrLineTooLong) {
		t.Fatalf("want line 2 too long, got %v", errs)
	}
}

func TestReadStopsEarly(t *testing.T) {
	in := strings.Repeat(`{"kind":"note"}`+"\n", 10)
	n := 0
	for range Read(strings.NewReader(in)) {
		n++
		if n == 3 {
			break
		}
	}
	if n != 3 {
		t.Fatalf("n = %d", n)
	}
}

type errReader struct{ r io.Reader }

func (e errReader) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err == io.EOF {
		return n, errors.New("connection reset")
	}
	return n, err
}

func TestReadSourceError(t *testing.T) {
	evs, errs := readAll(t, errReader{strings.NewReader(`{"kind":"note"}` + "\n")})
	if len(evs) != 1 || len(errs) != 1 || !strings.Contains(errs[0].Error(), "connection reset") {
		t.Fatalf("got %v, %v; want one event then the read error", evs, errs)
	}
	var le *LineError
	if errors.As(errs[0], &le) {
		t.Fatalf("a read error is not a line error: %v", errs[0])
	}
}

func TestReadFileMissing(t *testing.T) {
	for _, err := range ReadFile(filepath.Join(t.TempDir(), "nope.jsonl")) {
		if !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("err = %v, want ErrNotExist", err)
		}
		return
	}
	t.Fatal("ReadFile of a missing file yielded nothing")
}

func FuzzRead(f *testing.F) {
	var b bytes.Buffer
	w := NewWriter(&b)
	for _, e := range sampleRun() {
		w.Emit(e)
	}
	w.Close()
	f.Add(b.Bytes())
	f.Add([]byte("{\"kind\":\"note\"}\n\n{bad\n\r\n[]\nnull\n{\"kind\":\"\"}"))
	f.Add([]byte{0xff, 0xfe, '\n', '{', '}'})
	f.Fuzz(func(t *testing.T, data []byte) {
		lines := bytes.Count(data, []byte("\n")) + 1
		prev := 0
		n := 0
		for ev, err := range Read(bytes.NewReader(data)) {
			n++
			if err != nil {
				var le *LineError
				if !errors.As(err, &le) {
					t.Fatalf("non-line error from an in-memory reader: %v", err)
				}
				if le.Line <= prev || le.Line > lines {
					t.Fatalf("line %d out of order (prev %d, %d lines)", le.Line, prev, lines)
				}
				prev = le.Line
				continue
			}
			if ev.Kind == "" {
				t.Fatal("event without kind accepted")
			}
			// Every accepted event must render and re-encode.
			var out bytes.Buffer
			(&Printer{W: &out}).Print(ev)
			if !utf8.Valid(out.Bytes()) {
				t.Fatalf("printer produced invalid UTF-8: %q", out.Bytes())
			}
			for _, c := range out.Bytes() {
				if c < 0x20 && c != '\n' || c == 0x7f {
					t.Fatalf("printer passed control byte %#x through: %q", c, out.Bytes())
				}
			}
			if _, err := json.Marshal(ev); err != nil {
				t.Fatalf("accepted event does not re-encode: %v", err)
			}
		}
		if n > lines {
			t.Fatalf("%d results from %d lines", n, lines)
		}
	})
}
