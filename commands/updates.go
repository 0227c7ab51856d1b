package commands

import "context"

// Handled says whether the update updateID (Request.UpdateID) changed an
// event already: an adapter that receives it again after a restart skips
// it instead of answering "handled already".
func (s *Service) Handled(ctx context.Context, updateID string) (bool, error) {
	return s.store.Handled(ctx, updateID)
}
