module github.com/jinzhu/inflection

go 1.26
