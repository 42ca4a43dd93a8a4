package llm

import (
	"context"
	"time"
)

// DefaultCallTimeout bounds one model or embedding call whose context has
// no deadline and whose provider sets no Timeout, so a server that takes
// the connection and never answers cannot hang a run. It is long enough
// for a CPU-bound local model loading and answering at length.
const DefaultCallTimeout = 5 * time.Minute

// maxReply bounds the reply to one chat call.
const maxReply = 64 << 20

// withCallTimeout bounds ctx by d, or by DefaultCallTimeout when d is zero
// and ctx has no deadline of its own.
func withCallTimeout(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d <= 0 {
		if _, ok := ctx.Deadline(); ok {
			return ctx, func() {}
		}
		d = DefaultCallTimeout
	}
	return context.WithTimeout(ctx, d)
}
