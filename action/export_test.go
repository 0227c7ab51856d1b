package action

// ForgetViews drops what st computed for showing it (views.go), so that a
// test can compare two states by their content alone.
func ForgetViews(st *State) { st.views = nil }
