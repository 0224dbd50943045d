/**
 * A Prettier plugin of this project: the JavaScript and TypeScript parsers of Prettier, with the classes of every
 * static `className` string put in alphabetical order (the way class-sorting plugins rewrite the parsed tree).
 */
import { parsers as babelParsers } from 'prettier/plugins/babel'
import { parsers as typescriptParsers } from 'prettier/plugins/typescript'

function ordered(classes) {
	return classes.split(/\s+/).filter(Boolean).sort().join(' ')
}

function isClassName(node) {
	return node.type === 'JSXAttribute' && node.name?.name === 'className'
}

function orderClasses(ast) {
	const seen = new WeakSet()
	const visit = (node) => {
		if (!node || typeof node !== 'object' || seen.has(node)) return
		seen.add(node)
		const value = isClassName(node) ? node.value : null
		if (value && typeof value.value === 'string') {
			const raw = value.extra?.raw ?? value.raw
			const quote = raw ? raw[0] : '"'
			value.value = ordered(value.value)
			if (value.extra?.raw)
				value.extra = {
					...value.extra,
					raw: quote + value.value + quote,
					rawValue: value.value,
				}
			if (value.raw) value.raw = quote + value.value + quote
		}
		for (const [key, child] of Object.entries(node)) {
			if (key !== 'parent' && key !== 'loc' && key !== 'range') visit(child)
		}
	}
	visit(ast)
	return ast
}

function withOrderedClasses(parser) {
	return {
		...parser,
		parse: async (text, options) =>
			orderClasses(await parser.parse(text, options)),
	}
}

export const parsers = {
	babel: withOrderedClasses(babelParsers.babel),
	'babel-ts': withOrderedClasses(babelParsers['babel-ts']),
	typescript: withOrderedClasses(typescriptParsers.typescript),
}
