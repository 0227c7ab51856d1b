"use strict";
// The live page reloads itself when the event changes: it asks for the
// event's version now and then and reloads when it differs from the one
// shown. On a projector it shows one table at a time, a screenful of rows
// after another, and starts over.
(function () {
	var root = document.documentElement;
	var shown = root.getAttribute("data-version");
	var every = 15000;
	function poll() {
		fetch(root.getAttribute("data-poll"), { cache: "no-store" })
			.then(function (r) { return r.ok ? r.text() : null; })
			.then(function (v) { if (v !== null && v.trim() !== shown) location.reload(); })
			.catch(function () {});
	}
	setInterval(poll, every);
	if (root.getAttribute("data-view") !== "projector") return;

	// Slides: each table's rows in pages that fit the screen.
	var sections = Array.prototype.slice.call(document.querySelectorAll("main section"));
	var slides = [];
	sections.forEach(function (s) {
		var rows = s.querySelectorAll("tbody tr");
		var top = s.querySelector("tbody");
		var room = window.innerHeight - (top ? top.getBoundingClientRect().top - s.getBoundingClientRect().top : 0)
			- document.querySelector("header").offsetHeight - 24;
		var height = rows.length ? rows[0].getBoundingClientRect().height : 1;
		var per = Math.max(1, Math.floor(room / height));
		for (var i = 0; i < Math.max(rows.length, 1); i += per) slides.push({ s: s, from: i, to: i + per });
	});
	if (!slides.length) return;
	function show(n) {
		var slide = slides[n % slides.length];
		sections.forEach(function (s) { s.hidden = s !== slide.s; });
		slide.s.querySelectorAll("tbody tr").forEach(function (r, i) { r.hidden = i < slide.from || i >= slide.to; });
		try { sessionStorage.setItem("qisai-slide", String(n % slides.length)); } catch (e) {}
	}
	// A reload (the event changed) goes on from the slide it showed.
	var n = 0;
	try { n = parseInt(sessionStorage.getItem("qisai-slide") || "0", 10) || 0; } catch (e) {}
	show(n);
	setInterval(function () { show(++n); }, 12000);
})();
