export function Badge({ label }: { label: string }) {
	return <span className='badge pill'>{label}</span>
}
