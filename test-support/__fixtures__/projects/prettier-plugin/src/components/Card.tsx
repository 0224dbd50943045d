import type { ReactNode } from 'react'

export function Card({
	title,
	children,
}: {
	title: string
	children: ReactNode
}) {
	return (
		<section className='card rounded shadow'>
			<h2 className='card-title'>{title}</h2>
			{children}
		</section>
	)
}
