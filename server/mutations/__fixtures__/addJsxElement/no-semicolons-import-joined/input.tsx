import { useState } from 'react'
import { Card } from './components'

export function Orchard() {
	const [open, setOpen] = useState(false)
	return (
		<main className='p-2'>
			<Card title='Lô A' />
			<button onClick={() => setOpen(!open)}>Mở</button>
		</main>
	)
}
