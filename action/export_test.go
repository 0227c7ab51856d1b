package action

// ForgetBookkeeping drops what st holds besides the event: what it
// computed for showing it (views.go) and what it shares with the state it
// was copied from (share.go), so that a test can compare two states by
// their content alone.
func ForgetBookkeeping(st *State) { st.views, st.shared = nil, shared{} }
