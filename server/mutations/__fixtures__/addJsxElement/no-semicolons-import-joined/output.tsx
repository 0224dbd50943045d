import { useState } from 'react'
import { Card, Badge } from './components'

export function Orchard() {
	const [open, setOpen] = useState(false)
	return (
		<main className='p-2'>
			<Card title='Lô A' />
			<Badge tone='green' count={2} />
			<button onClick={() => setOpen(!open)}>Mở</button>
		</main>
	)
}
