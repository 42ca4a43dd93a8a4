package flow_test

import (
	"testing"

	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/flow/storetest"
)

func TestMemStoreConformance(t *testing.T) {
	storetest.Run(t, func(*testing.T) flow.Store { return &flow.MemStore{} })
}

func TestFileStoreConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) flow.Store {
		s, err := flow.NewFileStore(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}

func TestFileStoreNoSyncConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) flow.Store {
		s, err := flow.NewFileStore(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		s.NoSync = true
		return s
	})
}
