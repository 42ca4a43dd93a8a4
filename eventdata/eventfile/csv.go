package eventfile

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// parseCSV reads a table with a header row; the delimiter is a tab for
// .tsv, else the one of comma, semicolon and tab the header holds most
// of.
func parseCSV(f *File, data []byte, tsv bool) error {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	header, _, _ := bytes.Cut(data, []byte("\n"))
	delim := ','
	if tsv {
		delim = '\t'
	} else if n := bytes.Count(header, []byte(";")); n > bytes.Count(header, []byte(",")) && n >= bytes.Count(header, []byte("\t")) {
		delim = ';'
	} else if bytes.Count(header, []byte("\t")) > bytes.Count(header, []byte(",")) {
		delim = '\t'
	}
	r := csv.NewReader(bytes.NewReader(data))
	r.Comma = delim
	r.FieldsPerRecord = -1
	r.LazyQuotes = true
	r.ReuseRecord = true
	head, err := r.Read()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return errors.New("empty file: want a header row (name, startDate, …) and one event a row")
		}
		return fmt.Errorf("header row: %w", err)
	}
	fields := make([]field, len(head))
	for i, h := range head {
		fields[i] = fieldOf(h)
	}
	if !slices.Contains(fields, fTitle) || !slices.Contains(fields, fStart) {
		return fmt.Errorf("header %q has no title column (name, title, summary…) or no start date column (startDate, start, date…)",
			strings.Join(head, string(delim)))
	}
	topic := topicOf(f.Path)
	for {
		cells, err := r.Read()
		if errors.Is(err, io.EOF) {
			return nil
		}
		line, _ := r.FieldPos(0)
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				line = pe.Line
			}
			if !f.problem(line, "%v", err) {
				return errTooManyProblems
			}
			continue
		}
		if len(cells) == 1 && strings.TrimSpace(cells[0]) == "" {
			continue
		}
		var rw row
		for i, c := range cells {
			if i < len(fields) {
				rw.set(fields[i], c)
			}
		}
		rec, err := rw.record(topic)
		if err != nil {
			if !f.problem(line, "%v", err) {
				return errTooManyProblems
			}
			continue
		}
		rec.Source.Snippet = strings.Join(cells, string(delim))
		if !f.add(line, rec) {
			return errTooManyProblems
		}
	}
}
