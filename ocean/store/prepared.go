package store

import (
	"context"
	"database/sql"
	"sync"
)

// preparedStmts keeps templated statements prepared, by text: DuckDB
// then parses, binds and plans a statement once instead of at every run
// (a millisecond or more of CPU for a plan template; its parameters are
// bound at each run). A statement in use is closed only when its last
// user is done.
type preparedStmts struct {
	mu sync.Mutex
	m  map[string]*preparedStmt
}

type preparedStmt struct {
	stmt    *sql.Stmt
	users   int
	dropped bool // no longer kept: closed by its last user
}

// maxPrepared bounds preparedStmts (each open connection prepares its
// own copy of a statement); past it the statements kept start afresh.
const maxPrepared = 128

// get returns the prepared statement for text, preparing it on db when
// it is not kept; put must follow.
func (p *preparedStmts) get(ctx context.Context, db *sql.DB, text string) (*preparedStmt, error) {
	p.mu.Lock()
	if ps, ok := p.m[text]; ok {
		ps.users++
		p.mu.Unlock()
		return ps, nil
	}
	p.mu.Unlock()
	stmt, err := db.PrepareContext(ctx, text)
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if ps, ok := p.m[text]; ok { // prepared meanwhile by another caller
		stmt.Close()
		ps.users++
		return ps, nil
	}
	if p.m == nil || len(p.m) >= maxPrepared {
		p.dropAll()
		p.m = map[string]*preparedStmt{}
	}
	ps := &preparedStmt{stmt: stmt, users: 1}
	p.m[text] = ps
	return ps, nil
}

// put ends a use of ps.
func (p *preparedStmts) put(ps *preparedStmt) {
	p.mu.Lock()
	defer p.mu.Unlock()
	ps.users--
	if ps.dropped && ps.users == 0 {
		ps.stmt.Close()
	}
}

// dropAll stops keeping every statement; p.mu is held.
func (p *preparedStmts) dropAll() {
	for _, ps := range p.m {
		ps.dropped = true
		if ps.users == 0 {
			ps.stmt.Close()
		}
	}
	p.m = nil
}

// close closes the statements kept (the store is closing).
func (p *preparedStmts) close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.dropAll()
}
