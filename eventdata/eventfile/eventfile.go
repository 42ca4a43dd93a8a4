// Package eventfile reads a person's event files: iCalendar (.ics), JSON
// and JSON Lines event lists, CSV and TSV tables. Files are untrusted: each
// read has a size limit, every row that cannot be read is reported with
// its file and line and the rest are kept, and nothing is guessed — a row
// with no title or no readable start date is a Problem, not a record.
//
// JSON and CSV columns are found by name with synonyms ("name", "title",
// "summary"; "startDate", "start", "date", "begin"…), so the tech-conference
// format (name, url, startDate, endDate, city, country, online) and most
// exported lists read as they are.
package eventfile

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/cairn-agents/cairn/eventdata"
	"github.com/cairn-agents/cairn/internal/input"
)

// Format is a file format the package reads.
type Format string

// Formats.
const (
	ICS  Format = "ics"
	JSON Format = "json"
	CSV  Format = "csv"
)

// DefaultMaxSize bounds one file's bytes unless Read is given another
// limit.
const DefaultMaxSize = 32 << 20

// MaxProblems bounds the problems reported per file; past it the file is
// not an event list.
const MaxProblems = 1000

// ErrUnknownFormat is a file whose name says no format this package
// reads.
var ErrUnknownFormat = errors.New("not an event file (want .ics, .json, .jsonl, .csv or .tsv)")

// FormatOf is the format a file name says, by its extension.
func FormatOf(path string) (Format, bool) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".ics", ".ical", ".ifb", ".icalendar":
		return ICS, true
	case ".json", ".jsonl", ".ndjson":
		return JSON, true
	case ".csv", ".tsv":
		return CSV, true
	}
	return "", false
}

// File is what one file held.
type File struct {
	Path    string             `json:"path"`
	Format  Format             `json:"format"`
	Records []eventdata.Record `json:"records"`
	// Problems are the rows that could not be read.
	Problems []Problem `json:"problems,omitempty"`
}

// Problem is a row of a file that could not be read, and why.
type Problem struct {
	Path string `json:"path"`
	Line int    `json:"line,omitempty"`
	Msg  string `json:"message"`
}

func (p Problem) Error() string {
	if p.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", p.Path, p.Line, p.Msg)
	}
	return p.Path + ": " + p.Msg
}

// Read reads the event file at path, at most maxSize bytes (0 means
// DefaultMaxSize), in the format its extension says. An error means the
// file could not be read at all (missing, too large, not its format);
// rows that could not be read are File.Problems.
func Read(path string, maxSize int64) (File, error) {
	f, ok := FormatOf(path)
	if !ok {
		return File{}, fmt.Errorf("%s: %w", path, ErrUnknownFormat)
	}
	if maxSize <= 0 {
		maxSize = DefaultMaxSize
	}
	data, err := input.ReadFile(path, maxSize)
	if err != nil {
		return File{}, err
	}
	return Parse(path, f, data)
}

// Parse reads data, the bytes of the file path, in format f.
func Parse(path string, f Format, data []byte) (File, error) {
	out := File{Path: path, Format: f}
	var err error
	switch f {
	case ICS:
		err = parseICS(&out, data)
	case JSON:
		err = parseJSON(&out, data)
	case CSV:
		err = parseCSV(&out, data, strings.EqualFold(filepath.Ext(path), ".tsv"))
	default:
		return out, fmt.Errorf("%s: %w", path, ErrUnknownFormat)
	}
	if err != nil {
		return out, fmt.Errorf("%s: %w", path, err)
	}
	for i := range out.Records {
		out.Records[i].Source.Source = "index"
		out.Records[i].Source.Origin = path
	}
	return out, nil
}

// problem records a row that could not be read; false once there are
// too many for the file to be an event list.
func (f *File) problem(line int, format string, args ...any) bool {
	f.Problems = append(f.Problems, Problem{Path: f.Path, Line: line, Msg: fmt.Sprintf(format, args...)})
	return len(f.Problems) < MaxProblems
}

var errTooManyProblems = fmt.Errorf("more than %d rows could not be read: not an event list", MaxProblems)

// add validates r and keeps it, or records why not.
func (f *File) add(line int, r eventdata.Record) bool {
	r.Title = strings.TrimSpace(r.Title)
	if err := r.Validate(); err != nil {
		return f.problem(line, "%v", err)
	}
	if r.Start == "" {
		return f.problem(line, "event %q has no start date", r.Title)
	}
	if r.End == "" {
		r.End = r.Start
	}
	r.Source.Line = line
	if r.Source.ID == "" {
		r.Source.ID = fmt.Sprintf("%s:%d", f.Path, line)
	}
	r.Source.Snippet = eventdata.Snippet(r.Source.Snippet)
	r.SetKey()
	f.Records = append(f.Records, r)
	return true
}
