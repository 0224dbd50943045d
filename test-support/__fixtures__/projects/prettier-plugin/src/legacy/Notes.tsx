// Written before the project used Prettier, and never formatted since.
import {useState} from "react"

export function Notes(){
	const [open,setOpen]=useState(false)
	return (
		<aside className="notes">
			<button type="button" onClick={()=>setOpen(!open)}>{open ? "Hide" : "Show"} notes</button>
			{open && <ol>
				<li>Tap before dawn</li>
				<li>Check the cups   after rain</li>
			</ol>}
			<p className="footnote">Kept as it was written</p>
		</aside>
	)
}
