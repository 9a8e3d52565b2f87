package store

// SetDeferFrom sets the offset from which findPage reads a page's ids first, for the tests that
// hold both ways of reading a page to the same rows; the returned func restores it.
func SetDeferFrom(offset int) (restore func()) {
	was := deferFrom
	deferFrom = offset
	return func() { deferFrom = was }
}
