package app

// GCBallast returns mb MiB for main to hold until the process exits, so that the garbage
// collector runs less often on a small heap. Go collects each time the heap has grown by GOGC %
// (100) of what the last collection left live, and at least 4 MiB. Without sockets an instance
// keeps a few MiB live while each request leaves hundreds of KiB of garbage, so it collected
// every five or six requests: 2,400 collections for 14,000 answers of the open market, a third of
// the server's CPU (docs/performance.md, "A ballast for the collector").
//
// The ballast counts as live heap, so a collection now waits for about mb MiB more garbage. It
// holds no pointers, so marking never reads it, and nothing writes it, so the kernel never backs
// its pages: it takes address space, not memory. The price is the garbage itself: up to mb MiB
// more resident between collections. With 10,000 sockets the live heap is large anyway and the
// ballast adds little, where a higher GOGC would multiply it. GOMEMLIMIT counts the ballast as
// heap. 0: none.
func GCBallast(mb int) []byte {
	if mb <= 0 {
		return nil
	}
	return make([]byte, mb<<20)
}
