module github.com/qisai/qisai

go 1.26.8
