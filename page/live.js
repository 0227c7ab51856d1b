"use strict";
// The live page reloads itself when the event changes: it asks for the
// event's version now and then and reloads when it differs from the one
// shown. On a projector it shows one table at a time, a screenful of rows
// after another, and starts over.
(function () {
	var root = document.documentElement;
	var shown = root.getAttribute("data-version");
	function poll() {
		fetch(root.getAttribute("data-poll"), { cache: "no-store" })
			.then(function (r) { return r.ok ? r.text() : null; })
			.then(function (v) { if (v !== null && v.trim() !== shown) location.reload(); })
			.catch(function () {});
	}
	setInterval(poll, 15000);
	if (root.getAttribute("data-view") !== "projector") return;

	var sections = Array.prototype.slice.call(document.querySelectorAll("main section"));
	if (!sections.length) return;
	// show shows section s from row from on, as many rows as fit the
	// screen, and returns the first row left for the next screen.
	function show(s, from) {
		sections.forEach(function (x, i) { x.hidden = i !== s; });
		var rows = sections[s].querySelectorAll("tbody tr");
		var i;
		for (i = 0; i < rows.length; i++) rows[i].hidden = true;
		for (i = from; i < rows.length; i++) {
			rows[i].hidden = false;
			if (i > from && rows[i].getBoundingClientRect().bottom > window.innerHeight) {
				rows[i].hidden = true;
				break;
			}
		}
		try { sessionStorage.setItem("qisai-slide", s + "," + from); } catch (e) {}
		return i;
	}
	// A reload (the event changed) goes on from the screen it showed.
	var at = [0, 0];
	try { at = (sessionStorage.getItem("qisai-slide") || "0,0").split(",").map(Number); } catch (e) {}
	var s = at[0] < sections.length ? at[0] : 0, from = at[1] || 0;
	var next = show(s, from);
	setInterval(function () {
		if (next >= sections[s].querySelectorAll("tbody tr").length) {
			s = (s + 1) % sections.length;
			next = 0;
		}
		from = next;
		next = show(s, from);
	}, 12000);
})();
