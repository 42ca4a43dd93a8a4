package input

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
)

// Limits for the kinds of file a user hands the command line. Each is far
// above any real file of its kind and far below what would exhaust memory.
const (
	ConfigLimit = 1 << 20  // YAML config files
	TaskLimit   = 4 << 20  // task and format files (JSON)
	TraceLimit  = 1 << 30  // JSONL traces; read as a stream, never held whole
	ReplayLimit = 64 << 20 // recorded model replies (JSONL)
)

// ErrTooLarge is matched by every *TooLargeError.
var ErrTooLarge = errors.New("input too large")

// TooLargeError reports input that passed its size limit.
type TooLargeError struct {
	Name  string // the file, or what the input is ("request body")
	Limit int64  // bytes
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s is larger than %s, the limit for it", e.Name, Size(e.Limit))
}

// Is reports whether target is ErrTooLarge.
func (e *TooLargeError) Is(target error) bool { return target == ErrTooLarge }

// Size spells a byte count the way a user reads it: 512 bytes, 16 KiB,
// 1.5 MiB, 2 GiB.
func Size(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d bytes", n)
	}
	v, i := float64(n)/unit, 0
	for v >= unit && i < 3 {
		v /= unit
		i++
	}
	s := fmt.Sprintf("%.1f", v)
	if len(s) > 2 && s[len(s)-2:] == ".0" {
		s = s[:len(s)-2]
	}
	return s + " " + [...]string{"KiB", "MiB", "GiB", "TiB"}[i]
}

// ReadFile reads the file at path, failing with a *TooLargeError naming
// path once it passes limit bytes. It reads at most limit+1 bytes, so a
// device or FIFO that never ends (/dev/zero) fails as fast as a large
// regular file does.
func ReadFile(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && st.Size() > limit {
		return nil, &TooLargeError{Name: path, Limit: limit}
	}
	return Read(f, path, limit)
}

// Read reads r to its end, failing with a *TooLargeError naming name once
// it passes limit bytes.
func Read(r io.Reader, name string, limit int64) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, &TooLargeError{Name: name, Limit: limit}
	}
	return b, nil
}

// LimitReader returns a reader of r that fails with a *TooLargeError
// naming name once more than limit bytes have been read: for input read
// as a stream, which must end before it has cost too much time.
func LimitReader(r io.Reader, name string, limit int64) io.Reader {
	return &limitedReader{r: r, name: name, left: limit, limit: limit}
}

type limitedReader struct {
	r     io.Reader
	name  string
	left  int64 // may reach -1: one byte past the limit proves it was passed
	limit int64
}

func (l *limitedReader) Read(p []byte) (int, error) {
	if l.left < 0 {
		return 0, &TooLargeError{Name: l.name, Limit: l.limit}
	}
	if int64(len(p)) > l.left+1 {
		p = p[:l.left+1]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	if l.left < 0 {
		// Hand back what fits; the next Read reports the overflow.
		return n + int(l.left), nil
	}
	return n, err
}

// ReadLine reads one line from br into *buf (reused between calls) and
// returns it without its newline, keeping at most max bytes of it: a
// longer line is read to its end and dropped, and tooLong reports it, so
// one line can never hold more than max bytes in memory. err is io.EOF at
// the end of the input, with the last line if it had no newline.
func ReadLine(br *bufio.Reader, buf *[]byte, max int) (line []byte, tooLong bool, err error) {
	*buf = (*buf)[:0]
	for {
		chunk, err := br.ReadSlice('\n')
		if !tooLong {
			if len(*buf)+len(chunk) > max+1 { // +1: the newline
				tooLong = true
				*buf = (*buf)[:0]
			} else {
				*buf = append(*buf, chunk...)
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		return bytes.TrimSuffix(*buf, []byte{'\n'}), tooLong, err
	}
}
