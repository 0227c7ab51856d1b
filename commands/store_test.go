package commands

import "github.com/qisai/qisai/storage"

// The store commands runs on has every method Store lists.
var _ Store = (*storage.Store)(nil)
