package mapschat

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/cairn-agents/cairn/internal/input"
)

// maxSessionFile bounds a stored session file read back (a session keeps
// at most maxTurns turns, well under this).
const maxSessionFile = 8 << 20

// FileSessions stores each session as one JSON file, <id>.json, in a
// directory. A write goes to a temporary file that is synced and renamed
// over the old one, so a crash leaves the old session or the new one,
// never half of one. A file that cannot be read is reported by name
// (ErrCorruptSession) and never overwritten.
type FileSessions struct {
	dir string
	log *slog.Logger
	// NoSync skips the fsyncs (tests, benchmarks): a write then survives
	// the death of the process but not of the machine.
	NoSync bool

	mu sync.Mutex // serialises writes of one store
}

var _ Sessions = (*FileSessions)(nil)

// NewFileSessions opens (creating it if needed) a directory of sessions.
// log receives warnings about unreadable files; nil discards them.
func NewFileSessions(dir string, log *slog.Logger) (*FileSessions, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("mapschat: session directory: %w", err)
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &FileSessions{dir: dir, log: log}, nil
}

// Dir is the store's directory.
func (f *FileSessions) Dir() string { return f.dir }

// validID accepts the IDs this package makes and nothing that could
// leave the directory.
func validID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

func (f *FileSessions) path(id string) string { return filepath.Join(f.dir, id+".json") }

// Get reads a session.
func (f *FileSessions) Get(_ context.Context, id string) (*Session, error) {
	if !validID(id) {
		return nil, unknown(id)
	}
	return f.read(f.path(id), id)
}

func (f *FileSessions) read(path, id string) (*Session, error) {
	b, err := input.ReadFile(path, maxSessionFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, unknown(id)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrCorruptSession, path, err)
	}
	s, err := decodeSession(b, path)
	if err != nil {
		return nil, err
	}
	if s.ID != id {
		return nil, fmt.Errorf("%w: %s holds session %q", ErrCorruptSession, path, s.ID)
	}
	return s, nil
}

// Put writes a session atomically. It refuses to replace a file that
// exists and cannot be read.
func (f *FileSessions) Put(_ context.Context, s *Session) error {
	if !validID(s.ID) {
		return fmt.Errorf("mapschat: session id %q: want 1 to 64 letters, digits, - or _", s.ID)
	}
	b, err := encodeSession(s)
	if err != nil {
		return err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	path := f.path(s.ID)
	if _, err := f.read(path, s.ID); errors.Is(err, ErrCorruptSession) {
		return fmt.Errorf("%w; it is left as it is", err)
	}
	tmp, err := os.CreateTemp(f.dir, "."+s.ID+".*.tmp")
	if err != nil {
		return fmt.Errorf("mapschat: writing session %s: %w", s.ID, err)
	}
	defer os.Remove(tmp.Name()) // after the rename there is nothing to remove
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return fmt.Errorf("mapschat: writing session %s: %w", s.ID, err)
	}
	if !f.NoSync {
		if err := tmp.Sync(); err != nil {
			tmp.Close()
			return fmt.Errorf("mapschat: writing session %s: %w", s.ID, err)
		}
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("mapschat: writing session %s: %w", s.ID, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("mapschat: writing session %s: %w", s.ID, err)
	}
	if !f.NoSync {
		if d, err := os.Open(f.dir); err == nil {
			d.Sync() // the rename durable; best effort where unsupported
			d.Close()
		}
	}
	return nil
}

// Delete removes a session's file.
func (f *FileSessions) Delete(_ context.Context, id string) error {
	if !validID(id) {
		return unknown(id)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	err := os.Remove(f.path(id))
	if errors.Is(err, fs.ErrNotExist) {
		return unknown(id)
	}
	return err
}

// List lists the readable sessions, most recent first; an unreadable
// file is logged by name and left out.
func (f *FileSessions) List(_ context.Context) ([]SessionInfo, error) {
	ents, err := os.ReadDir(f.dir)
	if err != nil {
		return nil, fmt.Errorf("mapschat: listing sessions: %w", err)
	}
	out := []SessionInfo{}
	for _, e := range ents {
		name := e.Name()
		id, ok := strings.CutSuffix(name, ".json")
		if !ok || e.IsDir() || !validID(id) {
			continue
		}
		s, err := f.read(filepath.Join(f.dir, name), id)
		if err != nil {
			f.log.Warn("mapschat: unreadable session left out", "file", filepath.Join(f.dir, name), "err", err)
			continue
		}
		out = append(out, s.Info())
	}
	sortInfos(out)
	return out, nil
}
